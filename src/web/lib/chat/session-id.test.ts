import { describe, expect, it } from 'vitest';
import { N8N_SESSION_STORAGE_KEY, newSessionId, storeSessionId, storedSessionId } from './session-id';
import { blockedStorage, memoryStorage, repeating } from './test-storage';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newSessionId', () => {
  it('is a version 4 UUID, from crypto.randomUUID or from random bytes', () => {
    expect(newSessionId()).toMatch(UUID_V4);
    expect(newSessionId(repeating(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newSessionId(repeating(0))).toBe('00000000-0000-4000-8000-000000000000');
  });
});

describe('the stored session', () => {
  it("goes on with the session stored under 'n8n-chat/sessionId'", () => {
    const storage = memoryStorage({ [N8N_SESSION_STORAGE_KEY]: 'a2b0e0f4-3c1d-4e5f-9a8b-7c6d5e4f3a2b' });
    expect(storedSessionId(storage)).toBe('a2b0e0f4-3c1d-4e5f-9a8b-7c6d5e4f3a2b');
  });

  it('has none when nothing is stored, or the stored one is not a valid id', () => {
    for (const entries of [{} as Record<string, string>, { [N8N_SESSION_STORAGE_KEY]: '' }, { [N8N_SESSION_STORAGE_KEY]: '<script>' }]) {
      expect(storedSessionId(memoryStorage(entries))).toBeNull();
    }
  });

  it('replaces the stored session with a new conversation’s', () => {
    const storage = memoryStorage({ [N8N_SESSION_STORAGE_KEY]: 'old-session' });
    const id = newSessionId();
    storeSessionId(storage, id);
    expect(storedSessionId(storage)).toBe(id);
  });

  it('lets a session go on for the page when storage is blocked', () => {
    expect(() => storeSessionId(blockedStorage, newSessionId())).not.toThrow();
    expect(storedSessionId(blockedStorage)).toBeNull();
  });
});
