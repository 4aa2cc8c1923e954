/** Fills the array with random bytes; the browser's crypto in the app, a fixed sequence in tests. */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

export const cryptoRandomBytes: RandomBytes = (bytes) => crypto.getRandomValues(bytes);
