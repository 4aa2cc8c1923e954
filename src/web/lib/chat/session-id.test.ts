import { describe, expect, it } from 'vitest';
import { currentSessionId, N8N_SESSION_STORAGE_KEY, newSessionId, startSession, storedSessionId } from './session-id';
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
    expect(currentSessionId(storage)).toBe('a2b0e0f4-3c1d-4e5f-9a8b-7c6d5e4f3a2b');
  });

  it('starts and stores a new one when there is none, or the stored one is not a valid id', () => {
    for (const entries of [{} as Record<string, string>, { [N8N_SESSION_STORAGE_KEY]: '' }, { [N8N_SESSION_STORAGE_KEY]: '<script>' }]) {
      const storage = memoryStorage(entries);
      const id = currentSessionId(storage);
      expect(id).toMatch(UUID_V4);
      expect(storage.map.get(N8N_SESSION_STORAGE_KEY)).toBe(id);
    }
  });

  it('replaces the stored session on a new conversation', () => {
    const storage = memoryStorage({ [N8N_SESSION_STORAGE_KEY]: 'old-session' });
    const id = startSession(storage);
    expect(id).not.toBe('old-session');
    expect(storedSessionId(storage)).toBe(id);
  });

  it('still gives a session when storage is blocked', () => {
    expect(storedSessionId(blockedStorage)).toBeNull();
    expect(currentSessionId(blockedStorage)).toMatch(UUID_V4);
  });
});
