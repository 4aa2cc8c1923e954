import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '../../shared/contracts/common';
import { users } from '../db/schema/index';
import { api, removePatient, snapshotData, useTestApp } from '../../testing/test-app';

const t = useTestApp();

const PUBLIC_FIELDS = [
  'id',
  'username',
  'displayName',
  'email',
  'phoneNumber',
  'avatarUrl',
  'firstName',
  'lastName',
  'sexAtBirth',
  'timeZone',
  'dateOfBirth',
  'existingConditions',
  'medications',
  'allergies',
  'communicationPreference',
  'appointmentReminders',
  'healthTips',
  'onboardedAt',
].sort();

const PNG_AVATAR = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function expectNoPassword(body: object) {
  expect(Object.keys(body).filter((key) => /password/i.test(key))).toEqual([]);
}

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

describe('GET /api/users/{id}', () => {
  it('answers the patient with every public field and never a password or its hash', async () => {
    const response = await api(t.app, 'GET', `/api/users/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: t.userId,
      displayName: 'Alex Morgan',
      email: 'alex@example.com',
      phoneNumber: null,
      avatarUrl: null,
      communicationPreference: 'email',
      appointmentReminders: true,
      healthTips: true,
    });
    expect(Object.keys(response.body).sort()).toEqual(PUBLIC_FIELDS);
    expectNoPassword(response.body);
    expect(JSON.stringify(response.body)).not.toContain('scrypt$');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for another user and for one that does not exist, 400 for an id that is not a number', async () => {
    expect(await api(t.app, 'GET', `/api/users/${t.otherUserId}`)).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await api(t.app, 'GET', '/api/users/999')).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await api(t.app, 'GET', '/api/users/abc')).toMatchObject({
      status: 400,
      body: { message: 'id: must be a positive whole number' },
    });
    expect((await api(t.app, 'GET', '/api/users/0')).status).toBe(400);
    expect((await api(t.app, 'GET', '/api/users/1e3')).status).toBe(400);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('saves the profile, trimmed, and answers the updated user without a password', async () => {
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, {
      displayName: '  Sam Lee  ',
      email: '  sam.lee@example.com ',
      phoneNumber: ' (555) 010-0199 ',
      avatarUrl: PNG_AVATAR,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: t.userId,
      displayName: 'Sam Lee',
      email: 'sam.lee@example.com',
      phoneNumber: '(555) 010-0199',
      avatarUrl: PNG_AVATAR,
    });
    expect(Object.keys(response.body).sort()).toEqual(PUBLIC_FIELDS);
    expectNoPassword(response.body);

    const reread = await api(t.app, 'GET', `/api/users/${t.userId}`);
    expect(reread.body).toEqual(response.body);
  });

  it('changes only the fields sent', async () => {
    const before = (await api(t.app, 'GET', `/api/users/${t.userId}`)).body;
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { phoneNumber: '555-0100' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...before, phoneNumber: '555-0100' });
  });

  it('stores an empty or blank phone number, and a null one, as none', async () => {
    await api(t.app, 'PATCH', `/api/users/${t.userId}`, { phoneNumber: '555-0100' });
    for (const phoneNumber of ['', '   ', null]) {
      const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { phoneNumber });
      expect(response.status).toBe(200);
      expect(response.body.phoneNumber).toBeNull();
      await api(t.app, 'PATCH', `/api/users/${t.userId}`, { phoneNumber: '555-0100' });
    }
  });

  it.each([
    ['a PNG data URL', PNG_AVATAR],
    ['a JPEG data URL', 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ=='],
    ['a WebP data URL', 'data:image/webp;base64,UklGRhoAAABXRUJQ'],
  ])('accepts %s as the avatar', async (_case, avatarUrl) => {
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { avatarUrl });
    expect(response.status).toBe(200);
    expect(response.body.avatarUrl).toBe(avatarUrl);
  });

  it('removes the avatar when sent null', async () => {
    await api(t.app, 'PATCH', `/api/users/${t.userId}`, { avatarUrl: PNG_AVATAR });
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { avatarUrl: null });
    expect(response.status).toBe(200);
    expect(response.body.avatarUrl).toBeNull();
  });

  it('accepts the email the patient already has', async () => {
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { email: 'alex@example.com', displayName: 'Alex M.' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: 'alex@example.com', displayName: 'Alex M.' });
  });

  it('saves the whole profile, trimmed, and GET shows it after', async () => {
    const profile = {
      dateOfBirth: ' 1984-02-29 ',
      sexAtBirth: 'female',
      timeZone: ' America/Argentina/Buenos_Aires ',
      existingConditions: '  Type 2 diabetes\nHypertension  ',
      medications: ' Metformin 500 mg twice daily ',
      allergies: ' Penicillin ',
    };
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, profile);
    expect(response.status).toBe(200);
    const saved = {
      dateOfBirth: '1984-02-29',
      sexAtBirth: 'female',
      timeZone: 'America/Argentina/Buenos_Aires',
      existingConditions: 'Type 2 diabetes\nHypertension',
      medications: 'Metformin 500 mg twice daily',
      allergies: 'Penicillin',
    };
    expect(response.body).toMatchObject(saved);
    expect((await api(t.app, 'GET', `/api/users/${t.userId}`)).body).toEqual(response.body);
  });

  it.each([
    ['dateOfBirth', '1990-07-14'],
    ['sexAtBirth', 'male'],
    ['timeZone', 'Europe/Berlin'],
    ['existingConditions', 'Asthma'],
    ['medications', 'Salbutamol as needed'],
    ['allergies', 'Peanuts'],
  ])('saves %s alone, leaves the rest, and clears it when sent null', async (field, value) => {
    const before = (await api(t.app, 'GET', `/api/users/${t.userId}`)).body;
    const saved = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { [field]: value });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...before, [field]: value });
    expect((await api(t.app, 'GET', `/api/users/${t.userId}`)).body).toEqual(saved.body);

    const cleared = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { [field]: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ ...before, [field]: null });
    expect((await api(t.app, 'GET', `/api/users/${t.userId}`)).body).toEqual(before);
  });

  it('takes the calendar date of a date of birth sent as a date-time, as written', async () => {
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { dateOfBirth: '1990-07-14T23:30:00-05:00' });
    expect(response.status).toBe(200);
    expect(response.body.dateOfBirth).toBe('1990-07-14');
  });

  it('accepts a date of birth of today and of 1 January 1900', async () => {
    for (const dateOfBirth of [todayUtc(), '1900-01-01']) {
      const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { dateOfBirth });
      expect(response.status, dateOfBirth).toBe(200);
      expect(response.body.dateOfBirth).toBe(dateOfBirth);
    }
  });

  it('stores empty or blank medical texts as none', async () => {
    await api(t.app, 'PATCH', `/api/users/${t.userId}`, { existingConditions: 'Asthma', medications: 'Salbutamol', allergies: 'Peanuts' });
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { existingConditions: '', medications: '   ', allergies: '\n' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ existingConditions: null, medications: null, allergies: null });
  });

  it('accepts medical texts of exactly 2000 characters', async () => {
    const text = 'x'.repeat(2000);
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, { existingConditions: text, medications: text, allergies: text });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ existingConditions: text, medications: text, allergies: text });
  });

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
      existingConditions: null,
      medications: 'Metformin',
      allergies: null,
      communicationPreference: 'email',
      appointmentReminders: true,
      healthTips: true,
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
