import { toast } from '../../../components/ui/use-toast';
import { fieldOfMessage, serverMessage } from '../../../lib/api-client';

/** What a profile save tells the patient (part 2 §8 words the failure). */
export const saveToasts = {
  saved() {
    toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
  },
  /** Shows the failure, and hands a refusal that names a field ('email: …') to the form to show there too. */
  failed(error: unknown, showAtField: (field: string, message: string) => void) {
    const message = serverMessage(error);
    const named = fieldOfMessage(message);
    if (named) showAtField(named.field, named.message);
    toast({ title: 'Error', description: `Failed to update profile: ${message}`, variant: 'destructive' });
  },
};
