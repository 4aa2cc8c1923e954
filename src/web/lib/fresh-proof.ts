import { FRESH_PROOF_NEEDED } from '../../shared/rules/sign-in';
import { ApiError } from './api-client';

// Fresh proof in the browser (ADR 21): a change of a way in, or a wipe of the record, that the server refuses for want
// of a recent sign-in opens a dialog (components/sign-in/fresh-proof-dialog.tsx, mounted by the layout) that asks for
// the passphrase or a passkey, then sends the change once more. This module is the small part every such change
// carries; the dialog loads only when it is needed.

/** What the change's error says when the patient closed the dialog without proving who they are. */
export const PROOF_NOT_GIVEN = 'Nothing was changed: confirm it is you to make this change';

type Listener = () => void;
let pending: Promise<boolean> | null = null;
let settle: ((proved: boolean) => void) | null = null;
const listeners = new Set<Listener>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Whether the dialog is asked for now (for useSyncExternalStore). */
export function isProofAsked(): boolean {
  return pending !== null;
}

export function subscribeToProof(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the dialog (or joins the one open): true once the patient has signed in again, false when they closed it. */
export function askForFreshProof(): Promise<boolean> {
  if (pending) return pending;
  pending = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  changed();
  return pending;
}

/** The dialog's answer: it closes, and the change goes on (proved) or fails with PROOF_NOT_GIVEN. */
export function settleFreshProof(proved: boolean): void {
  const done = settle;
  pending = null;
  settle = null;
  changed();
  done?.(proved);
}

/** Whether the server refused for want of fresh proof. */
export function needsFreshProof(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.text === FRESH_PROOF_NEEDED;
}

/**
 * Runs a change that may need fresh proof: when the server asks for it, the dialog opens, and once the patient has
 * signed in again the change is sent once more. Closing the dialog fails the change with PROOF_NOT_GIVEN.
 */
export async function withFreshProof<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!needsFreshProof(error)) throw error;
    if (!(await askForFreshProof())) throw new Error(PROOF_NOT_GIVEN, { cause: error });
    return change();
  }
}
