import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '../../../shared/contracts/users';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { careItemsQuery, recommendationsQuery } from '../../lib/api/preventative-care';
import { setupQuery } from '../../lib/api/setup';
import { userQuery } from '../../lib/api/users';
import { apiRequest } from '../../lib/api-client';
import { announceProfileUpdate } from '../../lib/profile-events';

/**
 * Saves part of the profile. The saved patient replaces the cached one, and the browser-wide profile-updated
 * event (part 2 §4) carries the name, email and photo to whoever listens, the header among them.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateUserBody) => apiRequest<User>('PATCH', `/api/users/${CURRENT_USER_ID}`, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQuery(CURRENT_USER_ID).queryKey, saved);
      announceProfileUpdate({ name: saved.displayName, email: saved.email, avatarUrl: saved.avatarUrl });
    },
    // The first save of the profile creates the patient on a first run. The recommendations follow the date of birth,
    // sex at birth and conditions; what is overdue follows the time zone.
    meta: {
      invalidates: [setupQuery().queryKey, recommendationsQuery(CURRENT_USER_ID).queryKey, careItemsQuery(CURRENT_USER_ID).queryKey],
    },
  });
}
