import { WorkflowChatId } from '../../../shared/contracts/chat';
import type { KeyValueStorage } from './browser-storage';
import { cryptoRandomBytes, type RandomBytes } from './random-source';

/** Where the workflow page keeps its chat id (part 2 §3 (docs/product.md#part-2-3)): one conversation per browser tab. */
export const WORKFLOW_CHAT_ID_STORAGE_KEY = 'chatId';

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// The largest multiple of 62 below 256: bytes from 248 up are drawn again, so every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % ALPHANUMERICS.length);

/** 'health_' and 9 random letters or digits (part 2 §9 (docs/product.md#part-2-9)). */
export function newWorkflowChatId(random: RandomBytes = cryptoRandomBytes): string {
  let suffix = '';
  while (suffix.length < 9) {
    for (const byte of random(new Uint8Array(16))) {
      if (byte < UNBIASED_LIMIT && suffix.length < 9) suffix += ALPHANUMERICS[byte % ALPHANUMERICS.length];
    }
  }
  return `health_${suffix}`;
}

export const isWorkflowChatId = (value: unknown): value is string => WorkflowChatId.safeParse(value).success;

/** The tab's chat id: the stored one when it is valid, else a new one, stored (storage blocked: for this page only). */
export function workflowChatId(storage: KeyValueStorage, random?: RandomBytes): string {
  try {
    const stored = storage.getItem(WORKFLOW_CHAT_ID_STORAGE_KEY);
    if (isWorkflowChatId(stored)) return stored;
  } catch {
    // Storage blocked: a new id for this page.
  }
  const chatId = newWorkflowChatId(random);
  try {
    storage.setItem(WORKFLOW_CHAT_ID_STORAGE_KEY, chatId);
  } catch {
    // Nothing to remember it in.
  }
  return chatId;
}
