/**
 * The words of a non-ok answer, fit for a toast. The app's own refusals are JSON with a `message`; anything else came
 * from something in between (nginx's HTML page for a 413 or a 502, a proxy's long text), and its markup means nothing
 * to the patient: it becomes a plain sentence of its status. A short line of plain text (a status text) stays.
 */
export function wordsOfErrorBody(status: number, body: string): string {
  const message = jsonMessage(body);
  if (message !== null) return message;
  if (isPlainLine(body)) return body;
  return wordsOfStatus(status);
}

/** '{"message":"Maximum file size is 20MB"}' → 'Maximum file size is 20MB'; null for a body of any other shape. */
function jsonMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown } | null;
    return typeof parsed?.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

const LONGEST_PLAIN_LINE = 200;

/** One short line with no markup: 'Internal Server Error', or a JSON body without a message, shown as it came. */
function isPlainLine(body: string): boolean {
  const text = body.trim();
  return text !== '' && text.length <= LONGEST_PLAIN_LINE && !/[\r\n<>]/.test(text);
}

/** What the status means for the patient; the number stays, for whoever looks into it. */
function wordsOfStatus(status: number): string {
  if (status === 413) return 'This is larger than the server accepts (413): a proxy in front of HealthAssist may allow less than the app does';
  if (status === 502 || status === 503 || status === 504) return `The server could not be reached (${status}): try again in a moment`;
  return `The server answered ${status}`;
}
