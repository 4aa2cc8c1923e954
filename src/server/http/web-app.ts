import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath, pathOf } from './paths';

/**
 * A path with a part starting with a dot, spelled out or percent-escaped (`/.build-stamp`, `/%2Egit/config`): the
 * build keeps its own bookkeeping there, never a page or an asset.
 */
const DOT_SEGMENT = /\/(?:\.|%2e)/i;

/** Serves the built browser app: hashed assets cached for a year, everything else revalidated. */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  // A dotfile is a 404 before the app could answer in its place, as it answers every other unknown page.
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    if (!isApiPath(path) && DOT_SEGMENT.test(path)) return reply.status(404).send({ message: `No such file: ${path}` });
  });
  await app.register(fastifyStatic, {
    root: webRoot,
    // Looks files up per request (not once at start), so a rebuild while the server runs is served at once;
    // a missing file falls through to the not-found handler: the app for a page, a JSON 404 for a missing asset.
    wildcard: true,
    index: ['index.html'],
    // @fastify/static serves dotfiles unless told not to; the hook above answers first, this holds if it moves.
    dotfiles: 'ignore',
    setHeaders(reply, path) {
      reply.header('Cache-Control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export const API_ONLY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>HealthAssist</title></head>' +
  '<body><h1>HealthAssist</h1><p>The HealthAssist API is running, but the web app is not built. ' +
  'Run <code>npm start</code> (it builds it) or <code>npm run build:web</code>.</p></body></html>';
