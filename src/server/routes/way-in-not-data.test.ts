import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FRESH_PROOF_NEEDED } from '../../shared/rules/sign-in';
import { createAccessEvent, createAccount, createPasskey, createRecoveryCode } from '../../testing/factories';
import { api, snapshotData, useTestApp } from '../../testing/test-app';
import { unzip, zip } from '../../testing/zip-files';
import { createAccessToken } from '../auth/access-tokens';
import { clientFacts } from '../auth/client-facts';
import { hashPassphrase } from '../auth/passphrase';
import { DEFAULT_SESSION_LIMITS, startSession } from '../auth/sessions';
import { wipeData } from '../db/reset';
import { users } from '../db/schema/index';
import { seedIfEmpty } from '../db/seed';
import { TOKEN_NEVER_FRESH } from '../http/fresh-proof';

// The way in is not data (ADR 21, issue 29's first finding): no restore, import or leaving of the demo removes or
// replaces the passphrase, the passkeys, the codes, the sessions, the tokens or the access log; an archive never makes
// a record the demo; and wiping the record needs a browser with fresh proof, never a token.

const t = useTestApp();

/** The install's ways in and its access log: what no data operation may touch. */
const WAY_IN_TABLES = ['accounts', 'sessions', 'recovery_codes', 'access_events', 'access_tokens', 'passkeys', 'sign_in_devices'];

async function waysIn(): Promise<Record<string, unknown[]>> {
  const snapshot = await snapshotData(t.db);
  return Object.fromEntries(WAY_IN_TABLES.map((table) => [table, snapshot[table] ?? []]));
}

/**
 * The demo (user 1) with every way in of an account that has used the app: a passphrase, a passkey, a recovery code,
 * a read-write token (what an n8n workflow holds), the access log, and a session signed in `provedMinutesAgo`.
 */
async function protectedDemo({ provedMinutesAgo = 0 } = {}) {
  await wipeData(t.db);
  await seedIfEmpty(t.db);
  await createAccount(t.db, 1, { passwordHash: await hashPassphrase('the patient’s own passphrase') });
  await createPasskey(t.db, 1);
  await createRecoveryCode(t.db, 1);
  await createAccessEvent(t.db, 1);
  const { token } = await createAccessToken(t.db, 1, 'n8n', 'read-write');
  const signedInAt = new Date(Date.now() - provedMinutesAgo * 60_000);
  const session = await startSession(t.db, { userId: 1, patientId: 1 }, clientFacts(null, null), DEFAULT_SESSION_LIMITS, signedInAt);
  return { token: { authorization: `Bearer ${token}` }, browser: { cookie: `healthassist-session=${session.id}` } };
}

/** The export, with `change` made to healthassist.json and the manifest's size and SHA-256 made to match, as an attacker would. */
async function tamperedExport(headers: Record<string, string>, change: (data: { patient: Record<string, unknown> }) => void): Promise<Buffer> {
  const exported = await t.app.inject({ method: 'GET', url: '/api/export', headers });
  expect(exported.statusCode).toBe(200);
  const files = await unzip(exported.rawPayload);
  const data = JSON.parse(files.get('healthassist.json')!.toString());
  change(data);
  const bytes = Buffer.from(JSON.stringify(data));
  const manifest = JSON.parse(files.get('manifest.json')!.toString());
  for (const file of manifest.files) {
    if (file.path !== 'healthassist.json') continue;
    file.size = bytes.length;
    file.sha256 = createHash('sha256').update(bytes).digest('hex');
  }
  files.set('healthassist.json', bytes);
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  return zip(files);
}

const restore = (archive: Buffer, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/import?replace=true', headers: { ...headers, 'content-type': 'application/zip' }, payload: archive });
const leaveDemo = (headers: Record<string, string>) => api(t.app, 'POST', '/api/setup/leave-demo', undefined, headers);

describe('the way in is not data', () => {
  it('a read-write token can neither replace the record nor leave the demo: the export-tamper-restore-leave attack is refused', async () => {
    const { token } = await protectedDemo();
    // The patient's own record, as it is once they have used the app for real.
    await t.db.update(users).set({ isDemo: false, onboardedAt: new Date() }).where(eq(users.id, 1));
    const archive = await tamperedExport(token, (data) => {
      data.patient.isDemo = true;
    });
    const before = await snapshotData(t.db);

    const restored = await restore(archive, token);
    expect(restored.statusCode).toBe(403);
    expect(restored.json()).toEqual({ message: TOKEN_NEVER_FRESH });
    expect(await leaveDemo(token)).toMatchObject({ status: 403, body: { message: TOKEN_NEVER_FRESH } });

    const after = await snapshotData(t.db);
    expect({ ...after, access_tokens: [] }).toEqual({ ...before, access_tokens: [] });
    expect((await api(t.app, 'GET', '/api/session')).body).toMatchObject({ access: 'sign-in', methods: { passkey: true, passphrase: true } });
  });

  it('an archive that says isDemo makes no demo: restored with fresh proof, the record is the patient’s own and leaving the demo is refused', async () => {
    const { browser } = await protectedDemo();
    const archive = await tamperedExport(browser, (data) => {
      data.patient.isDemo = true;
    });
    const before = await waysIn();

    expect((await restore(archive, browser)).statusCode).toBe(201);
    expect((await api(t.app, 'GET', '/api/setup', undefined, browser)).body).toMatchObject({ patient: 'own' });
    expect(await leaveDemo(browser)).toMatchObject({ status: 409 });
    expect(await waysIn()).toEqual(before);
  });

  it('the export writes no isDemo', async () => {
    const { browser } = await protectedDemo();
    await tamperedExport(browser, (data) => {
      expect(data.patient).not.toHaveProperty('isDemo');
    });
  });

  it('leaving the demo keeps every way in and the access log, and this browser stays signed in', async () => {
    const { browser } = await protectedDemo();
    const before = await waysIn();

    expect((await leaveDemo(browser)).status).toBe(204);

    expect(await t.db.select().from(users).where(eq(users.id, 1))).toEqual([]);
    expect(await waysIn()).toEqual(before);
    expect((await api(t.app, 'GET', '/api/session', undefined, browser)).body).toMatchObject({ access: 'signed-in', patientId: 1 });
    expect((await api(t.app, 'GET', '/api/session')).body).toMatchObject({ access: 'sign-in' });
  });

  it('replacing the record or leaving the demo needs fresh proof: a session signed in past SIGN_IN_FRESH_MINUTES is asked again, and nothing changes', async () => {
    const { browser } = await protectedDemo({ provedMinutesAgo: 6 });
    const archive = await tamperedExport(browser, () => {});
    const before = await snapshotData(t.db);

    const restored = await restore(archive, browser);
    expect(restored.statusCode).toBe(403);
    expect(restored.json()).toEqual({ message: FRESH_PROOF_NEEDED });
    expect(await leaveDemo(browser)).toMatchObject({ status: 403, body: { message: FRESH_PROOF_NEEDED } });
    expect(await snapshotData(t.db)).toEqual(before);

    // A restore into an install without a record wipes nothing, and needs no fresh proof.
    expect((await t.app.inject({ method: 'POST', url: '/api/import', headers: { ...browser, 'content-type': 'application/zip' }, payload: archive })).statusCode).toBe(409);
  });
});
