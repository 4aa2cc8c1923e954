import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

describe('serving the built web app', () => {
  let webRoot: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'healthassist-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>HealthAssist</title><div id="root"></div>');
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(webRoot, '.build-stamp'), 'build 42');
    mkdirSync(join(webRoot, '.git'));
    writeFileSync(join(webRoot, '.git', 'config'), '[core]');
    writeFileSync(join(webRoot, 'assets', '.hidden.js'), 'secret');
    app = await buildApp({ database: t.database, webRoot });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  // '/apiary' and '/api-docs' only begin like the API: they are pages of the app.
  it.each(['/', '/records', '/no/such/page?x=1', '/apiary', '/api-docs'])('answers %s with the app, revalidated on every visit', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['GET', 'HEAD'] as const)(
    'answers %s of a missing asset (a chunk of an older build) with 404, never with the app',
    async (method) => {
      const response = await app.inject({ method, url: '/assets/index-old456.js?v=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
      if (method === 'GET') expect(response.json()).toEqual({ message: 'No such file: /assets/index-old456.js' });
    },
  );

  it.each(['/.build-stamp', '/.git/config', '/%2Egit/config', '/assets/.hidden.js', '/records/.build-stamp', '/.well-known/x'])(
    'answers %s, a path with a dotfile, with a 404, neither the file nor the app',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.body).not.toMatch(/build 42|\[core\]|secret|root/);
      }
    },
  );

  it('keeps /api and non-GET requests to JSON 404s', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No such endpoint: GET /api/nothing-here' });
    for (const url of ['/api', '/api?x=1']) {
      const bare = await app.inject({ method: 'GET', url });
      expect(bare.statusCode).toBe(404);
      expect(bare.json()).toEqual({ message: 'No such endpoint: GET /api' });
      expect(bare.headers['cache-control']).toBe('no-store');
    }
    const post = await app.inject({ method: 'POST', url: '/records' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'No such endpoint: POST /records' });
  });
});

describe('without a built web app', () => {
  it('says at / that the API is running, and 404s elsewhere', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('The HealthAssist API is running');
    expect((await t.app.inject({ method: 'GET', url: '/records' })).statusCode).toBe(404);
  });
});
