import type { ChatStreamChunk } from '../contracts/chat';

/**
 * The text a finished reply said, each node run's text in its own paragraph: what a JSON answer carries as
 * `output` and what the history keeps, whoever answered (n8n, the built-in assistant, a language model).
 */
export function replyText(chunks: readonly ChatStreamChunk[]): string {
  const runs = new Map<string, string>();
  for (const { type, content, metadata } of chunks) {
    if (type !== 'item' || !content) continue;
    const run = `${metadata.nodeId}#${metadata.runIndex}`;
    runs.set(run, (runs.get(run) ?? '') + content);
  }
  return [...runs.values()].join('\n\n');
}
