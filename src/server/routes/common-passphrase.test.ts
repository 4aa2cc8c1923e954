import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPassphraseMessages } from '../../shared/rules/common-passphrases';
import { issueSetupCode } from '../auth/setup-codes';
import { LOOPBACK_SIGN_IN } from '../auth/sign-in-settings';
import { buildApp } from '../app';
import { api, snapshotData, useTestDatabase } from '../../testing/test-app';

// A new passphrase that guessers try first is refused where one is set (ASVS 6.2.4): Settings → Security and the
// setup code's first passphrase, as a too-short one is, changing nothing.

const t = useTestDatabase();
let open: FastifyInstance;
let exposed: FastifyInstance;
beforeAll(async () => {
  open = await buildApp({ database: t.database });
  exposed = await buildApp({ database: t.database, signIn: { ...LOOPBACK_SIGN_IN, beyondLoopback: true } });
});
afterAll(async () => {
  await Promise.all([open.close(), exposed.close()]);
});

const COMMON = [
  ['password1234', commonPassphraseMessages.common],
  ['qwertyuiop123', commonPassphraseMessages.common],
  ['aaaaaaaaaaaaaaaa', commonPassphraseMessages.guessable],
] as const;

describe('PUT /api/security/passphrase', () => {
  it.each(COMMON)('refuses %s with 400 naming the field, and the app stays open', async (passphrase, message) => {
    const before = await snapshotData(t.db);
    const response = await api(open, 'PUT', '/api/security/passphrase', { passphrase });
    expect(response).toMatchObject({ status: 400, body: { message: `passphrase: ${message}` } });
    expect(await snapshotData(t.db)).toEqual(before);
    expect((await api(open, 'GET', '/api/session')).body).toMatchObject({ access: 'open' });
  });

  it('sets a passphrase of words of one’s own', async () => {
    expect((await api(open, 'PUT', '/api/security/passphrase', { passphrase: 'correct horse battery staple' })).status).toBe(204);
  });
});

describe('POST /api/session/setup', () => {
  it('refuses a common passphrase before the setup code is spent, which then sets a good one', async () => {
    const setupCode = await issueSetupCode(t.db);
    for (const [passphrase, message] of COMMON) {
      const response = await api(exposed, 'POST', '/api/session/setup', { setupCode, passphrase });
      expect(response).toMatchObject({ status: 400, body: { message: `passphrase: ${message}` } });
    }
    expect((await api(exposed, 'POST', '/api/session/setup', { setupCode, passphrase: 'correct horse battery staple' })).status).toBe(204);
  });
});
