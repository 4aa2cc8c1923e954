import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, useTestApp } from '../../testing/test-app';
import { buildApp } from '../app';
import { credentialExists } from '../auth/credentials';
import { SETUP_FIRST } from '../http/current-patient';

// Issue 29, finding 4: an install set up for this machine only (HOST loopback, no ALLOWED_HOSTS) with no way in yet is
// open only to requests straight from this machine. A tunnel (ngrok, cloudflared, tailscale serve) forwards to
// 127.0.0.1 with a loopback Host; before this, the internet got GET /api/export.

const t = useTestApp();
const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ database: t.database, logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
});
afterAll(async () => {
  await app.close();
});

const throughTunnel = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };
const inject = (url: string, options: { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; remoteAddress?: string; payload?: object } = {}) =>
  app.inject({ method: options.method ?? 'GET', url, headers: options.headers, remoteAddress: options.remoteAddress, payload: options.payload });

describe('the open app', () => {
  it('is open to a request straight from this machine', async () => {
    expect((await inject('/api/export')).statusCode).toBe(200);
    expect((await inject('/api/session')).json()).toMatchObject({ access: 'open' });
  });

  it.each([
    ['through a tunnel to 127.0.0.1 (X-Forwarded-For)', { headers: throughTunnel }],
    ['through a proxy that says Forwarded', { headers: { forwarded: 'for=203.0.113.9;proto=https' } }],
    ['through cloudflared (CF-Connecting-IP)', { headers: { 'cf-connecting-ip': '203.0.113.9' } }],
    ['from another machine (its own address, no header)', { remoteAddress: '192.168.1.7' }],
  ])('is closed to a request %s: the whole record is not served, and nothing can be set without the setup code', async (_how, reach) => {
    const exported = await inject('/api/export', reach);
    expect(exported.statusCode).toBe(401);
    expect(exported.json()).toEqual({ message: SETUP_FIRST });
    expect((await inject('/api/session', reach)).json()).toMatchObject({ access: 'setup', patientId: null });
    const passphrase = await inject('/api/security/passphrase', { ...reach, method: 'PUT', payload: { passphrase: 'set from the internet' } });
    expect(passphrase.statusCode).toBe(401);
    const token = await inject('/api/security/tokens', { ...reach, method: 'POST', payload: { name: 'n8n', scope: 'read-write' } });
    expect(token.statusCode).toBe(401);
    expect(await credentialExists(t.db)).toBe(false);
  });

  it('says once in the log what to set, and prints a setup code that lets the owner protect the app through the tunnel', async () => {
    await inject('/api/session', { headers: throughTunnel });
    await inject('/api/users/1', { headers: throughTunnel });
    // However many requests came so (the tests above sent some), one warning in this process's log.
    const warnings = lines.filter((line) => line.includes('ALLOWED_HOSTS') && line.includes('TRUST_PROXY'));
    expect(warnings).toHaveLength(1);
    const code = [...lines.join('\n').matchAll(/Setup code: (\S+)/g)].at(-1)?.[1];
    expect(code).toBeDefined();
    const setUp = await inject('/api/session/setup', { headers: throughTunnel, method: 'POST', payload: { setupCode: code!, passphrase: 'a passphrase of the owner' } });
    expect(setUp.statusCode).toBe(204);
    expect(await credentialExists(t.db)).toBe(true);
    expect((await api(app, 'GET', '/api/export')).status).toBe(401);
  });
});
