import { describe, expect, it } from 'vitest';
import type { ChatStreamChunk } from '../contracts/chat';
import { replyText } from './chat-reply';

const chunk = (type: ChatStreamChunk['type'], content?: string, nodeId = 'agent', runIndex = 0): ChatStreamChunk => ({
  type,
  ...(content === undefined ? {} : { content }),
  metadata: { nodeId, nodeName: 'AI Agent', itemIndex: 0, runIndex, timestamp: 1 },
});

describe('replyText: the text of a finished reply', () => {
  it.each([
    ['nothing', [], ''],
    ['one run', [chunk('begin'), chunk('item', 'Your next '), chunk('item', 'visit'), chunk('end')], 'Your next visit'],
    ['two runs of one node, in paragraphs', [chunk('item', 'One'), chunk('item', 'Two', 'agent', 1)], 'One\n\nTwo'],
    ['two nodes, in paragraphs', [chunk('item', 'First'), chunk('item', 'Second', 'follow-up')], 'First\n\nSecond'],
    ['interleaved runs, each kept whole', [chunk('item', 'A'), chunk('item', 'B', 'other'), chunk('item', 'a')], 'Aa\n\nB'],
    ['an error line, which says nothing of the reply', [chunk('item', 'Half'), chunk('error', 'n8n stopped answering')], 'Half'],
  ])('%s', (_, chunks, text) => {
    expect(replyText(chunks)).toBe(text);
  });
});
