import { z } from 'zod';
import { SEXES_AT_BIRTH } from '../rules/patient';
import { RECOMMENDATION_STATUSES } from '../rules/recommendations';
import { dateOnly, id, type Json } from './common';

const sexAtBirth = z.enum(SEXES_AT_BIRTH);

/** One row of Recommended Care (part 2 §3 (docs/product.md#part-2-3)), from the guideline table in src/shared/rules/guidelines.ts. */
export const RecommendationRow = z
  .object({
    id: z.string().meta({ description: "The guideline's stable id ('colorectal-cancer')" }),
    service: z.string(),
    recommendation: z.string().meta({ description: "Why it's recommended" }),
    who: z.string().meta({ description: 'Whom the guideline is for' }),
    interval: z.string(),
    status: z.enum(RECOMMENDATION_STATUSES),
    dueDate: dateOnly.nullable().meta({ description: 'When it is next due or booked; null when never recorded or done for good' }),
    cost: z.string().meta({ description: 'Estimated cost' }),
    notes: z.string(),
    learnMoreUrl: z.string().nullable(),
    source: z.string().meta({ description: "Who recommends it, with the USPSTF grade where it is theirs ('USPSTF B', 'ACIP')" }),
    lastReviewed: dateOnly.meta({ description: 'When the guideline was last checked against its source' }),
    careItemId: id.nullable().meta({ description: "The patient's open care item for this service, for Schedule to book" }),
    sexSpecific: sexAtBirth.nullable().meta({ description: 'The sex at birth the guideline is for; null when it is for both' }),
  })
  .meta({ id: 'RecommendationRow' });
export type RecommendationRow = Json<typeof RecommendationRow>;

export const Recommendations = z
  .object({
    age: z
      .int()
      .nonnegative()
      .nullable()
      .meta({ description: "The patient's age in whole years (at death, for a patient who has died); null without a date of birth" }),
    deceased: z.boolean().meta({ description: 'The patient has died: no rows' }),
    sexAtBirth: sexAtBirth.nullable().meta({ description: 'null when not stated: the rows of both sexes are shown' }),
    needsDateOfBirth: z
      .boolean()
      .meta({ description: 'No date of birth: only the rows that do not depend on age are shown, and the screen asks for it' }),
    rows: z.array(RecommendationRow),
  })
  .meta({ id: 'Recommendations' });
export type Recommendations = Json<typeof Recommendations>;
