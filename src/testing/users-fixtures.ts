import { expect } from 'vitest';

// What the tests of saving the profile and of refusing it share.

/** A one-pixel PNG as a data URL: an avatar the profile accepts. */
export const PNG_AVATAR = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function expectNoPassword(body: object) {
  expect(Object.keys(body).filter((key) => /password/i.test(key))).toEqual([]);
}
