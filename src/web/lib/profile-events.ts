import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../shared/contracts/users';
import { sessionQuery } from './api/session';
import { userQuery } from './api/users';

/** The browser-wide event the profile screen fires after a save; the header follows it (part 1 §2 (docs/product.md#part-1-2)). */
export const PROFILE_UPDATED = 'profile-updated';

export interface ProfileUpdatedDetail {
  name?: string;
  email?: string;
  avatarUrl?: string | null;
}

export function announceProfileUpdate(detail: ProfileUpdatedDetail): void {
  window.dispatchEvent(new CustomEvent<ProfileUpdatedDetail>(PROFILE_UPDATED, { detail }));
}

/**
 * Writes each profile-updated event into the cached patient, the one source every screen reads, instead of
 * keeping an override beside it that a later save or refetch could never replace. Before the patient has loaded
 * there is nothing to update: the fetch under way brings the server's copy. Returns the way to stop listening.
 */
export function followProfileUpdates(queryClient: QueryClient, target: EventTarget = window): () => void {
  const onProfileUpdated = (event: Event) => {
    const { name, email, avatarUrl } = (event as CustomEvent<ProfileUpdatedDetail | null>).detail ?? {};
    // The patient the session names (the gate waits for it before any screen renders).
    const patientId = queryClient.getQueryData(sessionQuery().queryKey)?.patientId;
    if (patientId == null) return;
    queryClient.setQueryData(userQuery(patientId).queryKey, (user): User | undefined =>
      user && {
        ...user,
        ...(name !== undefined && { displayName: name }),
        ...(email !== undefined && { email }),
        ...(avatarUrl !== undefined && { avatarUrl }),
      },
    );
  };
  target.addEventListener(PROFILE_UPDATED, onProfileUpdated);
  return () => target.removeEventListener(PROFILE_UPDATED, onProfileUpdated);
}
