import { ChatSessionId } from '../../../shared/contracts/chat';
import type { KeyValueStorage } from './browser-storage';
import { cryptoRandomBytes, type RandomBytes } from './random-source';

/** Where n8n's chat widget keeps its session (part 2 §3 (docs/product.md#part-2-3): `{chat name}/sessionId`), so a reload goes on with it. */
export const N8N_SESSION_STORAGE_KEY = 'n8n-chat/sessionId';

/**
 * A random (version 4) UUID. crypto.randomUUID exists only in a secure context, and the app may be opened over
 * plain http on a home network; getRandomValues works everywhere.
 */
export function newSessionId(random: RandomBytes = cryptoRandomBytes): string {
  if (random === cryptoRandomBytes && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The stored session when it is one the server accepts; null otherwise (none yet, storage blocked, tampered). */
export function storedSessionId(storage: KeyValueStorage): string | null {
  try {
    const stored = storage.getItem(N8N_SESSION_STORAGE_KEY);
    return stored !== null && ChatSessionId.safeParse(stored).success ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Remembers the session for the next visit; with storage blocked it lasts as long as the page. Called once the
 * session is on screen (an effect), never while rendering: a render React throws away must leave nothing behind.
 */
export function storeSessionId(storage: KeyValueStorage, sessionId: string): void {
  try {
    storage.setItem(N8N_SESSION_STORAGE_KEY, sessionId);
  } catch {
    // Storage blocked: nothing to remember it in.
  }
}
