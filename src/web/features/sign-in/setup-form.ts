import { z } from 'zod';
import { newPassphrase } from '../../../shared/contracts/sign-in';
import { PASSPHRASES_DIFFER } from '../../components/sign-in/new-passphrase';

/** The setup screen's form: the code from the server's log, then the first passphrase typed twice. */
export const SetupForm = z
  .object({ setupCode: z.string().trim().min(1, 'Enter the setup code from the server’s log'), passphrase: newPassphrase, repeat: z.string() })
  .refine((values) => values.passphrase === values.repeat, { path: ['repeat'], message: PASSPHRASES_DIFFER });
export type SetupValues = z.infer<typeof SetupForm>;

