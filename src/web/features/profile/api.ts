import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '../../../shared/contracts/users';
import { usePatientId } from '../../lib/patient-id';
import { careItemsQuery, recommendationsQuery } from '../../lib/api/preventative-care';
import { setupQuery } from '../../lib/api/setup';
import { userQuery } from '../../lib/api/users';
import { apiRequest } from '../../lib/api-client';
import { announceProfileUpdate } from '../../lib/profile-events';

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
    // sex at birth and conditions; what is overdue follows the time zone.
    meta: {
      invalidates: [setupQuery().queryKey, recommendationsQuery(patientId).queryKey, careItemsQuery(patientId).queryKey],
    },
  });
}
