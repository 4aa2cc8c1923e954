import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';

/** What a profile save tells the patient (part 2 §8 (docs/product.md#part-2-8) words the failure); a field the server names is the form's to show. */
export const saveToasts = {
  saved() {
    toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
  },
  failed(error: unknown) {
    toast({ title: 'Error', description: `Failed to update profile: ${serverMessage(error)}`, variant: 'destructive' });
  },
};
