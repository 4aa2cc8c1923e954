import { createReplyReader, type ReplyState } from './reply-reader';

/**
 * Reads a chat reply's body as it arrives and reports each visible change, so the bot bubble fills in while
 * n8n (or the language model) is still writing. Rejects when the body cannot be read to its end (the connection
 * dropped, the request was aborted); the caller treats that as a failed reply.
 */
export async function readReply(response: Response, onUpdate: (state: ReplyState) => void = () => {}): Promise<ReplyState> {
  const reader = createReplyReader();
  if (response.body) {
    const decoder = new TextDecoder();
    const body = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        if (reader.push(decoder.decode(value, { stream: true }))) onUpdate(reader.snapshot());
      }
      reader.push(decoder.decode());
    } finally {
      body.releaseLock();
    }
  }
  const final = reader.finish();
  onUpdate(final);
  return final;
}
