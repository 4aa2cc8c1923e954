/**
 * The text of a whole (not streamed) reply, read as n8n's chat widget reads it: `output`, else `text`, else
 * `message`; a reply with none of them but with other fields is shown as its pretty-printed JSON, so a workflow
 * answering in its own shape is still seen. Null when there is nothing to show.
 */
export function replyTextOf(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() === '' ? null : body;
  if (body === null || body === undefined) return null;
  // n8n's 'Respond to Webhook' node answers with all items as an array; one item is the reply itself.
  if (Array.isArray(body) && body.length === 1) return replyTextOf(body[0]);
  if (typeof body === 'object' && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    for (const name of ['output', 'text', 'message']) {
      const value = fields[name];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
    if (Object.keys(fields).length === 0) return null;
  }
  if (Array.isArray(body) && body.length === 0) return null;
  return JSON.stringify(body, null, 2);
}
