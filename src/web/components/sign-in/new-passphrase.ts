import { z } from 'zod';
import { newPassphrase } from '../../../shared/contracts/sign-in';
import { commonPassphraseProblem } from '../../../shared/rules/common-passphrases';
import { passphraseProblem } from '../../../shared/rules/sign-in';

const PASSPHRASES_DIFFER = 'Type the same passphrase twice';

/**
 * A passphrase being set: the shared rule (passphraseProblem, in its words), not one guessers try first (the server
 * checks the same), typed twice alike. The second check loads its dictionaries only when a passphrase form first
 * validates (zodResolver parses asynchronously), never with the app's first paint.
 */
export const NewPassphraseForm = z
  .object({
    passphrase: newPassphrase.superRefine(async (value, context) => {
      if (passphraseProblem(value) !== null) return;
      const problem = await commonPassphraseProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    repeat: z.string(),
  })
  .refine((values) => values.passphrase === values.repeat, { path: ['repeat'], message: PASSPHRASES_DIFFER });
export type NewPassphraseValues = z.infer<typeof NewPassphraseForm>;
