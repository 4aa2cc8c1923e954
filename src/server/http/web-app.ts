import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built browser app: hashed assets cached for a year, everything else revalidated. */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    // Looks files up per request (not once at start), so a rebuild while the server runs is served at once;
    // a missing file falls through to the not-found handler: the app for a page, a JSON 404 for a missing asset.
    wildcard: true,
    index: ['index.html'],
    setHeaders(reply, path) {
      reply.header('Cache-Control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export const API_ONLY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>HealthAssist</title></head>' +
  '<body><h1>HealthAssist</h1><p>The HealthAssist API is running, but the web app is not built. ' +
  'Run <code>npm start</code> (it builds it) or <code>npm run build:web</code>.</p></body></html>';
