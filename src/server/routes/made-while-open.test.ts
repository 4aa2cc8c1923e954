import { describe, expect, it } from 'vitest';
import { api, sessionCookieOf, useTestApp } from '../../testing/test-app';
import { listAccessEvents } from '../auth/access-log';
import { LOOPBACK_SIGN_IN } from '../auth/sign-in-settings';
import { buildApp } from '../app';
import { SETUP_FIRST } from '../http/current-patient';

// Issue 29, finding 6: tokens and recovery codes made while the app was open (no way in yet: anyone on this machine
// could have made them) are listed when the first way in is set, and revoked unless the owner keeps them.

const t = useTestApp();
const PASSPHRASE = 'correct horse battery staple';

/** On the open app: a read-write token and ten recovery codes, as anyone on the machine could have made them. */
async function madeWhileOpen() {
  const token = await api(t.app, 'POST', '/api/security/tokens', { name: 'Made by someone', scope: 'read-write' });
  expect(token.status).toBe(201);
  const codes = await api(t.app, 'POST', '/api/security/recovery-codes');
  expect(codes.status).toBe(201);
  return { bearer: { authorization: `Bearer ${token.body.token}` }, code: codes.body.codes[0] as string };
}

describe('what was made while the app was open', () => {
  it('is listed before the first way in is set, then revoked by it: the token opens nothing, the codes sign nobody in', async () => {
    const { bearer, code } = await madeWhileOpen();
    const overview = await api(t.app, 'GET', '/api/security');
    expect(overview.body.madeWhileOpen).toEqual({ tokens: [{ id: expect.any(Number), name: 'Made by someone', createdAt: expect.any(String) }], recoveryCodes: 10 });

    const set = await api(t.app, 'PUT', '/api/security/passphrase', { passphrase: PASSPHRASE });
    expect(set.status).toBe(204);

    expect((await api(t.app, 'GET', '/api/users/1', undefined, bearer)).status).toBe(401);
    expect((await api(t.app, 'POST', '/api/session/recovery-code', { code })).status).toBe(401);
    const browser = { cookie: sessionCookieOf(set) };
    expect((await api(t.app, 'GET', '/api/security', undefined, browser)).body.madeWhileOpen).toEqual({ tokens: [], recoveryCodes: 0 });
    expect((await listAccessEvents(t.db, t.userId)).map(({ kind }) => kind)).toContain('token_revoked');
  });

  it('keeps working when the owner keeps it, and is no longer set apart', async () => {
    const { bearer, code } = await madeWhileOpen();
    const set = await api(t.app, 'PUT', '/api/security/passphrase', { passphrase: PASSPHRASE, keepMadeWhileOpen: true });
    expect(set.status).toBe(204);
    expect((await api(t.app, 'GET', '/api/users/1', undefined, bearer)).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/security', undefined, { cookie: sessionCookieOf(set) })).body.madeWhileOpen).toEqual({ tokens: [], recoveryCodes: 0 });
    expect((await api(t.app, 'POST', '/api/session/recovery-code', { code })).status).toBe(204);
  });

  it('is nothing once the record is protected: a token a signed-in owner makes is theirs', async () => {
    const set = await api(t.app, 'PUT', '/api/security/passphrase', { passphrase: PASSPHRASE });
    const browser = { cookie: sessionCookieOf(set) };
    expect((await api(t.app, 'POST', '/api/security/tokens', { name: 'Mine', scope: 'read' }, browser)).status).toBe(201);
    expect((await api(t.app, 'GET', '/api/security', undefined, browser)).body.madeWhileOpen).toEqual({ tokens: [], recoveryCodes: 0 });
  });

  it('cannot be made while the app is in setup (reachable beyond this machine, no way in yet): 401', async () => {
    const exposed = await buildApp({ database: t.database, signIn: { ...LOOPBACK_SIGN_IN, beyondLoopback: true } });
    try {
      for (const [url, body] of [['/api/security/tokens', { name: 'n8n', scope: 'read-write' }], ['/api/security/recovery-codes', undefined]] as const) {
        expect(await api(exposed, 'POST', url, body)).toMatchObject({ status: 401, body: { message: SETUP_FIRST } });
      }
    } finally {
      await exposed.close();
    }
  });
});
