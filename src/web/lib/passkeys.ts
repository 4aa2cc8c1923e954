import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from './api-client';

// Passkeys in the browser (ADR 17): the server's options go to navigator.credentials through @simplewebauthn/browser,
// loaded only when a passkey is made or used, so the first page carries none of it. After either succeeds the caller
// refetches the session (signing in, or protecting an open app, changes it). A failure is an Error whose message is
// fit to show: the server's (an ApiError, for serverMessage) or the browser's, in plain words.

/** An IPv4 or IPv6 address: WebAuthn's relying party must be a domain name, so a page on 127.0.0.1 cannot use one. */
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Whether this page can make and use passkeys: a browser with WebAuthn, on a secure origin (https, or http to
 * localhost) named by a domain (localhost, not 127.0.0.1). Asked without loading the library.
 */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === 'function' &&
    !IP_ADDRESS.test(window.location.hostname)
  );
}

/**
 * Makes a passkey on this device (or a phone, a security key) and adds it to the account under `name`; when it is the
 * first way in, `keepMadeWhileOpen` keeps what was made while the app was open.
 */
export async function registerPasskey(name: string, keepMadeWhileOpen?: boolean): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/security/passkeys/options');
  const response = await startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw inPlainWords(error, 'No passkey was added');
  });
  await apiRequest('POST', '/api/security/passkeys', { name, response, ...(keepMadeWhileOpen === undefined ? {} : { keepMadeWhileOpen }) });
}

/**
 * Signs this browser in with a passkey the patient picks; the server sets the session cookie. Without `keepSignedIn`
 * a sign-in that replaces this browser's session (fresh proof) keeps that session's choice.
 */
export async function signInWithPasskey(keepSignedIn?: boolean): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/session/passkey/options');
  const response = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw inPlainWords(error, 'You were not signed in');
  });
  await apiRequest('POST', '/api/session/passkey', { response, ...(keepSignedIn === undefined ? {} : { keepSignedIn }) });
}

/** The browser's refusal as a sentence: cancelling (or letting the prompt time out) is the common one. */
function inPlainWords(error: unknown, outcome: string): Error {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new Error(`${outcome}: the passkey prompt was closed or timed out`);
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new Error(`${outcome}: this device already holds a passkey for your record`);
  return new Error(`${outcome}: ${error instanceof Error ? error.message : String(error)}`);
}
