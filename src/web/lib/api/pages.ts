/** `?limit=&cursor=&q=` of a paged list (ADR 19). */
export function pageParameters(cursor: string | null, search: string, limit: number): string {
  const parameters = new URLSearchParams({ limit: String(limit) });
  if (cursor !== null) parameters.set('cursor', cursor);
  if (search.trim() !== '') parameters.set('q', search.trim());
  return parameters.toString();
}
