import { z } from 'zod';
import { MAX_CODES } from '../rules/codes';

/** One code of a coded item (rules/codes.ts): kept as it came from another record, and sent back out on export. */
export const Coding = z
  .object({
    system: z.string().trim().min(1, 'must name its code system').max(500, 'must be at most 500 characters'),
    code: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    display: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  })
  .meta({ id: 'Coding' });

/** An item's codes: none for one the patient typed, one or more for one another record coded. */
export const Codings = z.array(Coding).max(MAX_CODES, `must hold at most ${MAX_CODES} codes`);
