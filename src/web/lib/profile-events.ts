/** The browser-wide event the profile screen fires after a save; the header listens (part 1 §2). */
export const PROFILE_UPDATED = 'profile-updated';

export interface ProfileUpdatedDetail {
  name?: string;
  email?: string;
  avatarUrl?: string | null;
}

export function announceProfileUpdate(detail: ProfileUpdatedDetail): void {
  window.dispatchEvent(new CustomEvent<ProfileUpdatedDetail>(PROFILE_UPDATED, { detail }));
}
