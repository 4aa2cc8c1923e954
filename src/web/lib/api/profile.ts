import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '../../../shared/contracts/users';
import { apiRequest } from '../api-client';
import { usePatientId } from '../patient-id';
import { announceProfileUpdate } from '../profile-events';
import { allergiesQuery } from './allergies';
import { conditionsQuery } from './conditions';
import { observationsKey } from './observations';
import { careItemsQuery, recommendationsQuery } from './preventative-care';
import { setupQuery } from './setup';
import { userQuery } from './users';

// Not in users.ts: the first paint loads that (main.tsx → profile-events.ts), and the save would take it past 100 KB gzip (ADR 20).

/**
 * Saves part of the profile. The saved patient replaces the cached one, and the browser-wide profile-updated
 * event (part 2 §4 (docs/product.md#part-2-4)) carries the name, email and photo to whoever listens, the header among them.
 */
export function useUpdateProfile() {
  const patientId = usePatientId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateUserBody) => apiRequest<User>('PATCH', `/api/users/${patientId}`, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQuery(patientId).queryKey, saved);
      announceProfileUpdate({ name: saved.displayName, email: saved.email, avatarUrl: saved.avatarUrl });
    },
    // The first save of the profile creates the patient on a first run. The recommendations follow the date of birth,
    // sex at birth and conditions; what is overdue follows the time zone. The "Existing Conditions" and "Allergies"
    // boxes are views of the two lists (ADR 24): a save of them adds, keeps and removes the lists' items.
    meta: {
      invalidates: [
        setupQuery().queryKey,
        recommendationsQuery(patientId).queryKey,
        careItemsQuery(patientId).queryKey,
        conditionsQuery(patientId).queryKey,
        allergiesQuery(patientId).queryKey,
        // Readings are answered in the patient's units.
        observationsKey(patientId),
      ],
    },
  });
}
