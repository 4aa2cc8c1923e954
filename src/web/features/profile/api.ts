import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '../../../shared/contracts/users';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
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
    // The first save of the profile creates the patient on a first run.
    meta: { invalidates: [setupQuery().queryKey] },
  });
}
