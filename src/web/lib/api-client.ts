/**
 * The one way the browser talks to the server: JSON in and out, cookies included; a Blob body (a backup to restore)
 * goes as it is, under its own type. A non-ok response becomes Error('{status}: {body text or status text}') as
 * part 1 §7 specifies.
 */
export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const contentType = body instanceof Blob ? body.type : 'application/json';
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': contentType },
    body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new Error(`${response.status}: ${text}`);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The server's own words from an apiRequest error: '413: {"message":"Maximum file size is 20MB"}' → 'Maximum file size is 20MB'. */
export function serverMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^\d{3}: ([\s\S]*)$/.exec(text);
  if (!match) return text;
  try {
    const parsed = JSON.parse(match[1]!) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the body text is the message.
  }
  return match[1]!;
}

/** A refusal that names its field ('deductibleMet: Deductible met cannot exceed the deductible'), split; else null. */
export function fieldOfMessage(message: string): { field: string; message: string } | null {
  const named = /^(\w+): (.+)$/.exec(message);
  return named ? { field: named[1]!, message: named[2]! } : null;
}

/** The HTTP status of an apiRequest error ('401: {"message":"Sign in to continue"}' → 401), or null for any other error. */
export function statusOf(error: unknown): number | null {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}
