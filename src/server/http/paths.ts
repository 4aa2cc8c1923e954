/** The path of a request URL, without its query string. */
export function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/** The methods that change something: a token that reads only is refused them, and on PGlite their success is synced. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The JSON API: '/api' and everything under it, but not a page such as '/apiary'. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The build's content-hashed files (Vite's assets/ folder), which are never pages of the app. */
export function isAssetPath(path: string): boolean {
  return path.startsWith('/assets/');
}
