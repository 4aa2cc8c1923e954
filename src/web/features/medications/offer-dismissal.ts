// The offer to turn the profile's free text into medications, once declined, is not made again in this browser.

/** Where this browser remembers that the patient said no to the offer, per patient. */
const dismissalKey = (patientId: number) => `medications-from-profile-dismissed:${patientId}`;

export function offerDismissed(patientId: number): boolean {
  try {
    return window.localStorage.getItem(dismissalKey(patientId)) !== null;
  } catch {
    return false;
  }
}

export function rememberDismissal(patientId: number): void {
  try {
    window.localStorage.setItem(dismissalKey(patientId), new Date().toISOString());
  } catch {
    // Storage refused (a private window's quota): the offer comes back next time, which is harmless.
  }
}
