import type { AccessEventKind } from '../../../shared/rules/sign-in';

/** What each kind of access event means, in the words of the access log; every kind must be worded. */
export const ACCESS_EVENT_WORDS: Record<AccessEventKind, string> = {
  signed_in: 'Signed in',
  sign_in_failed: 'A sign-in attempt failed',
  signed_out: 'Signed out',
  sessions_ended: 'Other sessions were ended',
  passphrase_set: 'Passphrase set',
  recovery_codes_made: 'New recovery codes made',
  recovery_code_used: 'Signed in with a recovery code',
  access_reset: 'Every way in was removed (reset access)',
  setup_code_used: 'Set up with the setup code',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  token_made: 'Access token created',
  token_revoked: 'Access token revoked',
};
