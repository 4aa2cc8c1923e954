import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/test-app';
import { sessions } from '../db/schema/index';
import { clientFacts } from './client-facts';
import { hashSecret } from './secrets';
import {
  countSessions,
  DEFAULT_SESSION_LIMITS,
  endOtherSessions,
  endSession,
  listSessions,
  pruneSessions,
  resolveSession,
  startSession,
  TOUCH_EVERY_MS,
} from './sessions';

const t = useTestDatabase();

const limits = DEFAULT_SESSION_LIMITS;
const laptop = clientFacts('Mozilla/5.0 (X11; Linux x86_64) Chrome/142', '127.0.0.1');
const phone = clientFacts('Mozilla/5.0 (iPhone) Safari/604.1', '192.168.1.20');
const signIn = new Date('2026-11-25T09:00:00Z');
const minutes = (count: number) => new Date(signIn.getTime() + count * 60_000);

const rowOf = async (id: string) => (await t.db.select().from(sessions).where(eq(sessions.idHash, hashSecret(id))))[0];

describe('a session', () => {
  it('is a random id for the cookie, stored only as its SHA-256, acting for its account and patient', async () => {
    const started = await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, limits, signIn);
    expect(started.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.expiresAt).toEqual(new Date('2026-12-02T09:00:00Z'));
    const stored = await t.db.select().from(sessions);
    expect(stored).toEqual([expect.objectContaining({ idHash: hashSecret(started.id), userId: t.userId, patientId: t.userId, ...laptop })]);
    expect(JSON.stringify(stored)).not.toContain(started.id);
    expect(await resolveSession(t.db, started.id, limits, minutes(1))).toMatchObject({ userId: t.userId, patientId: t.userId, persistent: true, credentialsChangedAt: null });
  });

  it('opens nothing for an id it never made, an empty one or one too long to be ours', async () => {
    await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, limits, signIn);
    for (const id of ['', 'x', 'A'.repeat(43), 'A'.repeat(10_000)]) expect(await resolveSession(t.db, id, limits, minutes(1))).toBeNull();
  });

  it('ends after 30 minutes unused, and is deleted then', async () => {
    const { id } = await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, limits, signIn);
    expect(await resolveSession(t.db, id, limits, minutes(29))).not.toBeNull();
    // Used at minute 29: idle counts from then.
    expect(await resolveSession(t.db, id, limits, minutes(58))).not.toBeNull();
    expect(await resolveSession(t.db, id, limits, minutes(58 + 30))).toBeNull();
    expect(await rowOf(id)).toBeUndefined();
  });

  it('ends 7 days after sign-in however busy it is', async () => {
    // Idle never ends it here (a day's limit, a visit a day): only the absolute end does.
    const daily = { idleMinutes: 25 * 60, maxDays: 7 };
    const { id } = await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, daily, signIn);
    for (let day = 1; day < 7; day += 1) expect(await resolveSession(t.db, id, daily, minutes(day * 24 * 60))).not.toBeNull();
    expect(await resolveSession(t.db, id, daily, minutes(7 * 24 * 60 - 1))).not.toBeNull();
    expect(await resolveSession(t.db, id, daily, minutes(7 * 24 * 60))).toBeNull();
    expect(await rowOf(id)).toBeUndefined();
  });

  it('writes its last-seen time at most once a minute', async () => {
    const { id } = await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, limits, signIn);
    await resolveSession(t.db, id, limits, new Date(signIn.getTime() + TOUCH_EVERY_MS - 1));
    expect((await rowOf(id))!.lastSeenAt).toEqual(signIn);
    await resolveSession(t.db, id, limits, new Date(signIn.getTime() + TOUCH_EVERY_MS));
    expect((await rowOf(id))!.lastSeenAt).toEqual(new Date(signIn.getTime() + TOUCH_EVERY_MS));
  });

  it('honours shorter limits set by the environment', async () => {
    const short = { idleMinutes: 1, maxDays: 1 };
    const { id } = await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, short, signIn);
    expect(await resolveSession(t.db, id, short, minutes(2))).toBeNull();
  });

  it('ends at logout, and only that one', async () => {
    const mine = await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, limits, signIn);
    const other = await startSession(t.db, { userId: t.userId, patientId: t.userId }, phone, limits, signIn);
    await endSession(t.db, mine.id);
    expect(await resolveSession(t.db, mine.id, limits, minutes(1))).toBeNull();
    expect(await resolveSession(t.db, other.id, limits, minutes(1))).not.toBeNull();
  });
});

describe("an account's sessions", () => {
  it('are listed open ones first seen last first, the asking one marked', async () => {
    const laptopSession = await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, limits, signIn);
    const phoneSession = await startSession(t.db, { userId: t.userId, patientId: t.userId }, phone, limits, minutes(5));
    const idle = await startSession(t.db, { userId: t.userId, patientId: t.userId }, phone, limits, minutes(-40));
    await startSession(t.db, { userId: t.otherUserId, patientId: t.otherUserId }, laptop, limits, signIn);

    const listed = await listSessions(t.db, t.userId, laptopSession.id, limits, minutes(6));
    expect(listed).toEqual([
      { createdAt: minutes(5), lastSeenAt: minutes(5), ...phone, current: false },
      { createdAt: signIn, lastSeenAt: signIn, ...laptop, current: true },
    ]);
    expect(await countSessions(t.db, t.userId)).toBe(3);
    expect(await pruneSessions(t.db, limits, minutes(6))).toBe(1);
    expect(await resolveSession(t.db, idle.id, limits, minutes(6))).toBeNull();
    expect(await resolveSession(t.db, phoneSession.id, limits, minutes(6))).not.toBeNull();
  });

  it('all end but the one that asks ("end all other sessions"), or all of them (a reset); other accounts keep theirs', async () => {
    const mine = await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, limits, signIn);
    await startSession(t.db, { userId: t.userId, patientId: t.userId }, phone, limits, signIn);
    await startSession(t.db, { userId: t.userId, patientId: t.userId }, phone, limits, signIn);
    const theirs = await startSession(t.db, { userId: t.otherUserId, patientId: t.otherUserId }, laptop, limits, signIn);

    expect(await endOtherSessions(t.db, t.userId, mine.id)).toBe(2);
    expect(await resolveSession(t.db, mine.id, limits, minutes(1))).not.toBeNull();
    expect(await endOtherSessions(t.db, t.userId, null)).toBe(1);
    expect(await resolveSession(t.db, mine.id, limits, minutes(1))).toBeNull();
    expect(await resolveSession(t.db, theirs.id, limits, minutes(1))).not.toBeNull();
  });

  it('outlive the patient’s row (the way in is not data, ADR 21), and end when the account is deleted', async () => {
    const { id } = await startSession(t.db, { userId: t.otherUserId, patientId: t.otherUserId }, laptop, limits, signIn);
    await t.db.execute(`delete from users where id = ${t.otherUserId}`);
    expect(await resolveSession(t.db, id, limits, minutes(1))).toMatchObject({ userId: t.otherUserId, patientId: t.otherUserId });
    await t.db.execute(`delete from accounts where id = ${t.otherUserId}`);
    expect(await resolveSession(t.db, id, limits, minutes(1))).toBeNull();
  });
});

describe('what a device says about itself', () => {
  it('is kept short: 512 characters of user agent, 64 of address, nothing for nothing', () => {
    expect(clientFacts('a'.repeat(600), '1'.repeat(70))).toEqual({ userAgent: 'a'.repeat(512), clientAddress: '1'.repeat(64) });
    expect(clientFacts(undefined, '')).toEqual({ userAgent: null, clientAddress: null });
    expect(clientFacts('🩺'.repeat(600), null).userAgent).toBe('🩺'.repeat(512));
  });
});
