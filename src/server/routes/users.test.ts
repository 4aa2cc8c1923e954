import { describe, expect, it } from 'vitest';
import { todayUtc } from '../../shared/contracts/common';
import { api, useTestApp } from '../../testing/test-app';
import { expectNoPassword, PNG_AVATAR } from '../../testing/users-fixtures';

// Reading and saving the profile. What a save refuses, and the first save on a first run: users-refusals.test.ts.

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
  'deceased',
  'deceasedDate',
  'existingConditions',
  'medications',
  'allergies',
  'communicationPreference',
  'appointmentReminders',
  'healthTips',
  'unitSystem',
  'onboardedAt',
].sort();

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
});
