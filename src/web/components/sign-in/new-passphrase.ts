import { z } from 'zod';
import { newPassphrase } from '../../../shared/contracts/sign-in';

const PASSPHRASES_DIFFER = 'Type the same passphrase twice';

/** A passphrase being set: the shared rule (passphraseProblem, in its words), typed twice alike. */
export const NewPassphraseForm = z
  .object({ passphrase: newPassphrase, repeat: z.string() })
  .refine((values) => values.passphrase === values.repeat, { path: ['repeat'], message: PASSPHRASES_DIFFER });
export type NewPassphraseValues = z.infer<typeof NewPassphraseForm>;
