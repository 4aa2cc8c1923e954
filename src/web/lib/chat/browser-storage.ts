export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const nowhere: KeyValueStorage = { getItem: () => null, setItem: () => {} };

/**
 * The browser's storage, or a stand-in that remembers nothing: merely reading `window.localStorage` throws where
 * the browser blocks site data, and the chats must still open there.
 */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  try {
    return window[kind];
  } catch {
    return nowhere;
  }
}
