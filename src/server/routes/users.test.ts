import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { api, snapshotData, useTestApp } from '../../testing/test-app';

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
