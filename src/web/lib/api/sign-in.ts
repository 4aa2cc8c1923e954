import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { forgetPatientData, sessionQuery } from './session';

// A sign-in that succeeds sets the session cookie; the session's state is then asked again, which opens the app.
const signedIn = { invalidates: [sessionQuery().queryKey] };

/** 'Keep me signed in on this device': without it the session's cookie ends with the browser. */
export interface KeepSignedIn {
  keepSignedIn: boolean;
}

export function usePassphraseSignIn() {
  return useMutation({
    mutationFn: (body: { passphrase: string } & KeepSignedIn) => apiRequest<void>('POST', '/api/session/passphrase', body),
    meta: signedIn,
  });
}

export function useRecoveryCodeSignIn() {
  return useMutation({
    mutationFn: (body: { code: string } & KeepSignedIn) => apiRequest<void>('POST', '/api/session/recovery-code', body),
    meta: signedIn,
  });
}

/**
 * The setup code from the server's log and the first passphrase. It signs this browser in, but the session is not
 * asked again here: the setup screen shows the recovery codes first, and calls refreshSession when they are saved.
 */
export function useSetUpWithCode() {
  return useMutation({
    mutationFn: (body: { setupCode: string; passphrase: string }) => apiRequest<void>('POST', '/api/session/setup', body),
  });
}

/**
 * Logout: the session ends on the server, then the session's state is fetched anew (the gate shows a skeleton, then
 * the sign-in screen) and every cached read about the patient is dropped.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', '/api/session'),
    onSuccess: async () => {
      await queryClient.resetQueries({ queryKey: sessionQuery().queryKey });
      forgetPatientData(queryClient);
    },
  });
}
