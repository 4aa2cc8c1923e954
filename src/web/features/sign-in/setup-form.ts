import { z } from 'zod';
import { NewPassphraseForm } from '../../components/sign-in/new-passphrase';

/** The setup screen's form: the code from the server's log, then the first passphrase typed twice (its check kept). */
export const SetupForm = NewPassphraseForm.safeExtend({ setupCode: z.string().trim().min(1, 'Enter the setup code from the server’s log') });
export type SetupValues = z.infer<typeof SetupForm>;
