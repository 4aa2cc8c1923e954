import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_PROOF_NEEDED } from '../../shared/rules/sign-in';
import { createAccount, createPasskey } from '../../testing/factories';
import { api, sessionCookieOf, snapshotData, useTestApp } from '../../testing/test-app';
import { listAccessEvents } from '../auth/access-log';
import { createAccessToken } from '../auth/access-tokens';
import { clientFacts } from '../auth/client-facts';
import { hashPassphrase } from '../auth/passphrase';
import { DEFAULT_SESSION_LIMITS, startSession } from '../auth/sessions';
import { LOOPBACK_SIGN_IN } from '../auth/sign-in-settings';
import { buildApp } from '../app';
import { wipeData } from '../db/reset';
import { TOKEN_NOT_HERE } from '../http/current-patient';

// Fresh proof (issue 29's second finding, ADR 21): at a browser left signed in, nobody may change a way in without
// proving again who they are. A sign-in within SIGN_IN_FRESH_MINUTES is the proof; a token never is.

const t = useTestApp();
const PASSPHRASE = 'the patient’s own passphrase';
const fromPage = { origin: 'http://localhost' };

/** The app with SIGN_IN_FRESH_MINUTES at 0.1 (six seconds), as a test sets it. */
let quick: FastifyInstance;
beforeAll(async () => {
  quick = await buildApp({ database: t.database, signIn: { ...LOOPBACK_SIGN_IN, freshMinutes: 0.1 } });
});
afterAll(async () => {
  await quick.close();
});

/** A protected account and a browser that signed in `minutesAgo`. */
async function signedInBrowser(minutesAgo: number): Promise<Record<string, string>> {
  await wipeData(t.db);
  await createAccount(t.db, 1, { passwordHash: await hashPassphrase(PASSPHRASE) });
  await createPasskey(t.db, 1);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const session = await startSession(t.db, { userId: 1, patientId: 1 }, clientFacts(null, null), DEFAULT_SESSION_LIMITS, at);
  return { cookie: `healthassist-session=${session.id}` };
}

/** Every change of a way in, as Settings → Security sends it. */
const CHANGES = [
  ['PUT', '/api/security/passphrase', { passphrase: 'a new passphrase of mine' }],
  ['POST', '/api/security/recovery-codes', undefined],
  ['POST', '/api/security/tokens', { name: 'n8n', scope: 'read' }],
  ['POST', '/api/security/passkeys/options', undefined],
  ['DELETE', '/api/security/passkeys/1', undefined],
] as const;

describe('a change of a way in', () => {
  it.each(CHANGES)('%s %s needs a sign-in within SIGN_IN_FRESH_MINUTES: past it a 403 that asks for proof, and nothing changes', async (method, url, body) => {
    const browser = await signedInBrowser(0.2);
    const before = await snapshotData(t.db);
    const refused = await api(quick, method, url, body, { ...fromPage, ...browser });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: FRESH_PROOF_NEEDED });
    expect(await snapshotData(t.db)).toEqual(before);
  });

  it.each(CHANGES)('%s %s goes through once the browser signs in again (the dialog’s proof)', async (method, url, body) => {
    const stale = await signedInBrowser(6);
    expect((await api(t.app, method, url, body, { ...fromPage, ...stale })).status).toBe(403);
    const proof = await api(t.app, 'POST', '/api/session/passphrase', { passphrase: PASSPHRASE }, stale);
    expect(proof.status).toBe(204);
    const fresh = { cookie: sessionCookieOf(proof) };
    // The sign-in replaced the stale session: the browser holds one.
    expect((await api(t.app, 'GET', '/api/users/1', undefined, stale)).status).toBe(401);
    const done = await api(t.app, method, url, body, { ...fromPage, ...fresh });
    expect(done.status).toBeLessThan(300);
  });

  it('is refused to a token, however recent: a token is never fresh', async () => {
    await signedInBrowser(0);
    const { token } = await createAccessToken(t.db, 1, 'n8n', 'read-write');
    for (const [method, url, body] of CHANGES) {
      const refused = await api(t.app, method, url, body, { authorization: `Bearer ${token}` });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body, `${method} ${url}`).toEqual({ message: TOKEN_NOT_HERE });
    }
  });

  it('writes the change to the access log', async () => {
    const browser = await signedInBrowser(0);
    const changed = await api(t.app, 'PUT', '/api/security/passphrase', { passphrase: 'a new passphrase of mine' }, browser);
    expect(changed.status).toBe(204);
    // The session that changed the passphrase goes on under a new id, still fresh.
    expect((await api(t.app, 'POST', '/api/security/recovery-codes', undefined, browser)).status).toBe(401);
    expect((await api(t.app, 'POST', '/api/security/recovery-codes', undefined, { cookie: sessionCookieOf(changed) })).status).toBe(201);
    const kinds = (await listAccessEvents(t.db, 1)).map(({ kind }) => kind);
    expect(kinds).toEqual(['recovery_codes_made', 'passphrase_set']);
  });
});
