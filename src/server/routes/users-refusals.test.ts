import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '../../shared/contracts/common';
import { users } from '../db/schema/index';
import { api, removePatient, snapshotData, useTestApp } from '../../testing/test-app';
import { expectNoPassword, PNG_AVATAR } from '../../testing/users-fixtures';

const t = useTestApp();

async function expectPatchRefused(id: number, payload: unknown, status: number, message: string | RegExp) {
  const before = await snapshotData(t.db);
  const response = await api(t.app, 'PATCH', `/api/users/${id}`, payload);
  expect(response.status).toBe(status);
  if (typeof message === 'string') expect(response.body).toEqual({ message });
  else expect(response.body.message).toMatch(message);
  expect(await snapshotData(t.db)).toEqual(before);
}

/** The UTC calendar date `days` from now: two days ahead is the future in every time zone on Earth. */
function inDays(days: number): string {
  return todayUtc(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}

async function emailOf(id: number): Promise<string> {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row!.email;
}

describe('PATCH /api/users/{id}', () => {
  const DATE_OF_BIRTH_INVALID = 'dateOfBirth: must be a date (yyyy-MM-dd)';
  const SEX_AT_BIRTH_REFUSED = "sexAtBirth: must be 'female', 'male' or null (not stated)";
  const TIME_ZONE_REFUSED = 'timeZone: must be a time zone name such as Europe/Berlin';

  it.each([
    ['a date of birth in the future', { dateOfBirth: inDays(2) }, 'dateOfBirth: Date of birth cannot be in the future'],
    ['a date of birth years ahead', { dateOfBirth: '2999-01-01' }, 'dateOfBirth: Date of birth cannot be in the future'],
    ['a date of birth before 1900', { dateOfBirth: '1899-12-31' }, 'dateOfBirth: Date of birth must be in 1900 or later'],
    ['an impossible date of birth', { dateOfBirth: '2001-02-29' }, DATE_OF_BIRTH_INVALID],
    ['a date of birth in month 13', { dateOfBirth: '1990-13-01' }, DATE_OF_BIRTH_INVALID],
    ['a date of birth written the US way', { dateOfBirth: '07/14/1990' }, DATE_OF_BIRTH_INVALID],
    ['an empty date of birth', { dateOfBirth: '' }, DATE_OF_BIRTH_INVALID],
    ['a number as the date of birth', { dateOfBirth: 19900714 }, DATE_OF_BIRTH_INVALID],
    ['a sex at birth outside the set', { sexAtBirth: 'other' }, SEX_AT_BIRTH_REFUSED],
    ['a sex at birth in capitals', { sexAtBirth: 'Female' }, SEX_AT_BIRTH_REFUSED],
    ['an empty sex at birth', { sexAtBirth: '' }, SEX_AT_BIRTH_REFUSED],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, TIME_ZONE_REFUSED],
    ['an empty time zone', { timeZone: '' }, TIME_ZONE_REFUSED],
    ['a UTC offset as the time zone', { timeZone: '+02:00' }, TIME_ZONE_REFUSED],
    ['a number as the time zone', { timeZone: 2 }, TIME_ZONE_REFUSED],
    ['an object as the time zone', { timeZone: { name: 'Europe/Berlin' } }, TIME_ZONE_REFUSED],
    ['existing conditions over 2000 characters', { existingConditions: 'x'.repeat(2001) }, 'existingConditions: must be at most 2000 characters'],
    ['medications over 2000 characters', { medications: 'x'.repeat(2001) }, 'medications: must be at most 2000 characters'],
    ['allergies over 2000 characters', { allergies: 'x'.repeat(2001) }, 'allergies: must be at most 2000 characters'],
    ['a number as the medications', { medications: 5 }, /^medications: /],
  ])('refuses %s with 400 and changes nothing', async (_case, payload, message) => {
    await expectPatchRefused(t.userId, payload, 400, message);
  });

  it('refuses a valid profile with one bad field whole: nothing of it is saved', async () => {
    await expectPatchRefused(
      t.userId,
      { displayName: 'Sam Lee', medications: 'Metformin', timeZone: 'Europe/Berlin', dateOfBirth: '1899-01-01' },
      400,
      'dateOfBirth: Date of birth must be in 1900 or later',
    );
  });

  const AVATAR_REFUSED = 'avatarUrl: must be a PNG, JPEG, GIF or WebP image data URL';

  it.each([
    ['a one-letter name', { displayName: 'A' }, 'displayName: Name must be at least 2 characters'],
    ['a name that is one letter once trimmed', { displayName: '  A  ' }, 'displayName: Name must be at least 2 characters'],
    ['an empty name', { displayName: '' }, 'displayName: Name must be at least 2 characters'],
    ['a null name', { displayName: null }, 'displayName: Name must be at least 2 characters'],
    ['a name over 200 characters', { displayName: 'a'.repeat(201) }, /^displayName: /],
    ['an email without an @', { email: 'not-an-email' }, 'email: Please enter a valid email address'],
    ['an email without a domain', { email: 'alex@' }, 'email: Please enter a valid email address'],
    ['an empty email', { email: '' }, 'email: Please enter a valid email address'],
    ['a number as the email', { email: 42 }, /^email: /],
    ['a phone number over 40 characters', { phoneNumber: '5'.repeat(41) }, 'phoneNumber: must be at most 40 characters'],
    ['an http avatar', { avatarUrl: 'http://images.example.com/alex.png' }, AVATAR_REFUSED],
    ['a javascript: avatar', { avatarUrl: 'javascript:alert(1)' }, AVATAR_REFUSED],
    ['an SVG data URL avatar', { avatarUrl: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }, AVATAR_REFUSED],
    ['an HTML data URL avatar', { avatarUrl: 'data:text/html;base64,PHNjcmlwdD4=' }, AVATAR_REFUSED],
    ['a data URL avatar that is not base64', { avatarUrl: 'data:image/png,abc' }, AVATAR_REFUSED],
    ['an https avatar (a third party would see who looks)', { avatarUrl: 'https://images.example.com/a.png' }, AVATAR_REFUSED],
    ['a relative avatar path', { avatarUrl: '/avatars/alex.png' }, AVATAR_REFUSED],
    ['an empty avatar', { avatarUrl: '' }, AVATAR_REFUSED],
    [
      'an avatar over 500 KB',
      { avatarUrl: `data:image/png;base64,${'A'.repeat(700_000)}` },
      'avatarUrl: must be an image of at most 500 KB',
    ],
    ['an empty body', {}, 'Nothing to update'],
    ['a body with only unknown fields', { password: 'hunter2', passwordHash: 'x' }, 'Nothing to update'],
    ['a JSON array', [], /./],
  ])('refuses %s with 400 and changes nothing', async (_case, payload, message) => {
    await expectPatchRefused(t.userId, payload, 400, message);
  });

  it('refuses a request without a body with 400', async () => {
    const before = await snapshotData(t.db);
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`);
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
    expect(await snapshotData(t.db)).toEqual(before);
  });

  it('never changes the password hash or username, even when asked', async () => {
    const before = await snapshotData(t.db);
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, {
      displayName: 'Alex Morgan',
      passwordHash: 'plain',
      password: 'plain',
      username: 'hijacked',
      id: 77,
    });
    expect(response.status).toBe(200);
    expectNoPassword(response.body);
    expect(await snapshotData(t.db)).toEqual(before);
  });

  it('answers 409 for an email another user already has, and changes nothing', async () => {
    const theirs = await emailOf(t.otherUserId);
    await expectPatchRefused(t.userId, { email: theirs }, 409, 'email: That email address is already in use');
    await expectPatchRefused(t.userId, { email: `  ${theirs}  `, displayName: 'New Name' }, 409, 'email: That email address is already in use');
  });

  it('answers 404 for another user and for one that does not exist, changing nothing', async () => {
    await expectPatchRefused(t.otherUserId, { displayName: 'Taken Over' }, 404, 'User not found');
    await expectPatchRefused(999, { displayName: 'Nobody' }, 404, 'User not found');
    await expectPatchRefused(0, { displayName: 'Nobody' }, 400, 'id: must be a positive whole number');
  });
});

describe('PATCH /api/users/{id} on a first run, without a patient', () => {
  it('creates the patient (user 1) from the first save of the profile with a name and an email', async () => {
    await removePatient(t);
    const response = await api(t.app, 'PATCH', '/api/users/1', {
      displayName: ' Sam Lee ',
      email: 'Sam.Lee@Example.com',
      phoneNumber: '555-0100',
      avatarUrl: PNG_AVATAR,
      medications: 'Metformin',
      timeZone: 'Europe/Berlin',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: 1,
      username: 'patient',
      displayName: 'Sam Lee',
      email: 'sam.lee@example.com',
      phoneNumber: '555-0100',
      avatarUrl: PNG_AVATAR,
      firstName: null,
      lastName: null,
      sexAtBirth: null,
      timeZone: 'Europe/Berlin',
      dateOfBirth: null,
      deceased: false,
      deceasedDate: null,
      existingConditions: null,
      medications: 'Metformin',
      allergies: null,
      communicationPreference: 'email',
      appointmentReminders: true,
      healthTips: true,
      unitSystem: 'us',
      onboardedAt: null,
    });
    expect((await api(t.app, 'GET', '/api/users/1')).body).toEqual(response.body);
    // A patient of their own who has not completed onboarding yet.
    expect((await api(t.app, 'GET', '/api/setup')).body).toEqual({ patient: 'own', onboarding: 'needed' });
    const [row] = await t.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, 1));
    expect(row!.isDemo).toBe(false);

    const next = await api(t.app, 'PATCH', '/api/users/1', { phoneNumber: '555-0199' });
    expect(next.body).toEqual({ ...response.body, phoneNumber: '555-0199' });
  });

  it.each([
    ['only a name', { displayName: 'Sam Lee' }],
    ['only an email', { email: 'sam.lee@example.com' }],
    ['neither', { phoneNumber: '555-0100', medications: 'Metformin' }],
  ])('answers 404 for a save with %s and creates no one', async (_case, payload) => {
    await removePatient(t);
    await expectPatchRefused(1, payload, 404, 'User not found');
  });

  it("answers 409 for another user's email address and creates no one", async () => {
    await removePatient(t);
    await expectPatchRefused(1, { displayName: 'Sam Lee', email: await emailOf(t.otherUserId) }, 409, 'email: That email address is already in use');
  });

  it('checks the fields before anything is created', async () => {
    await removePatient(t);
    await expectPatchRefused(1, { displayName: 'S', email: 'sam.lee@example.com' }, 400, 'displayName: Name must be at least 2 characters');
  });
});
