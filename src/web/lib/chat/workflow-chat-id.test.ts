import { describe, expect, it } from 'vitest';
import { blockedStorage, memoryStorage, repeating } from './test-storage';
import { isWorkflowChatId, newWorkflowChatId, WORKFLOW_CHAT_ID_STORAGE_KEY, workflowChatId } from './workflow-chat-id';

describe('newWorkflowChatId', () => {
  it("is 'health_' and 9 letters or digits", () => {
    for (let i = 0; i < 50; i++) expect(newWorkflowChatId()).toMatch(/^health_[A-Za-z0-9]{9}$/);
  });

  it('maps bytes onto the 62 letters and digits, drawing again for bytes that would bias them', () => {
    expect(newWorkflowChatId(repeating(0, 1, 61, 62))).toBe('health_AB9AAB9AA');
    // 248 and above are skipped: only the 7 (→ 'H') is used.
    expect(newWorkflowChatId(repeating(255, 248, 7))).toBe('health_HHHHHHHHH');
  });
});

describe('isWorkflowChatId', () => {
  it.each([
    ['health_abcDEF123', true],
    ['health_abcDEF12', false],
    ['health_abcDEF1234', false],
    ['health_abc-EF123', false],
    ['chat_abcDEF1234', false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(isWorkflowChatId(value)).toBe(expected);
  });
});

describe('workflowChatId', () => {
  it("reuses a valid id stored under 'chatId'", () => {
    expect(workflowChatId(memoryStorage({ [WORKFLOW_CHAT_ID_STORAGE_KEY]: 'health_abcDEF123' }))).toBe('health_abcDEF123');
  });

  it('stores a new id when there is none or the stored one is not valid', () => {
    for (const entries of [{} as Record<string, string>, { [WORKFLOW_CHAT_ID_STORAGE_KEY]: 'health_x' }]) {
      const storage = memoryStorage(entries);
      const id = workflowChatId(storage);
      expect(isWorkflowChatId(id)).toBe(true);
      expect(storage.map.get(WORKFLOW_CHAT_ID_STORAGE_KEY)).toBe(id);
    }
  });

  it('still gives an id when storage is blocked', () => {
    expect(isWorkflowChatId(workflowChatId(blockedStorage))).toBe(true);
  });
});
