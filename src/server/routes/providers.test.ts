import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROVIDER_SPECIALTIES } from '../../shared/rules/providers';
import { createAppointment, createProvider } from '../../testing/factories';
import { api, expectRefused, snapshotData, useTestApp } from '../../testing/test-app';

const t = useTestApp();

const MALFORMED_IDS = ['abc', '0', '-1', '1e3', '1.5', '01', '2147483648'];
const NAME_REQUIRED = 'name: Provider name is required';
const UNKNOWN_SPECIALTY = `specialty: Specialty must be one of ${PROVIDER_SPECIALTIES.join(', ')}`;
const BAD_PHONE = 'phone: Please enter a valid phone number, e.g. (555) 201-3300 or +44 20 7946 0018';

/** A complete POST /api/providers payload as the Add New Provider dialog sends it. */
function newProvider(overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    name: 'Dr. Lena Ortiz',
    specialty: 'Dentistry',
    phone: '(555) 201-3300',
    address: '40 Harbor Rd, Springfield',
    ...overrides,
  };
}

async function providersOfPatient() {
  return (await api(t.app, 'GET', `/api/providers/${t.userId}`)).body;
}

async function activitiesOfPatient() {
  return (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body;
}

/** The provider as the API sends it: the row's own fields, nothing more. */
function asSent({ id, userId, name, specialty, phone, address }: Awaited<ReturnType<typeof createProvider>>) {
  return { id, userId, name, specialty, phone, address };
}

describe('GET /api/providers/{userId}', () => {
  it('lists the patient’s providers by name, then id, with every field', async () => {
    const park = await createProvider(t.db, t.userId, { name: 'Dr. Park' });
    const chen = await createProvider(t.db, t.userId, {
      name: 'Dr. Chen',
      specialty: 'Dentistry',
      phone: null,
      address: '12 Main St, Springfield',
    });
    const parkToo = await createProvider(t.db, t.userId, { name: 'Dr. Park', specialty: 'Optometry' });
    await createProvider(t.db, t.otherUserId, { name: 'Dr. Aaron' });

    const response = await api(t.app, 'GET', `/api/providers/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body.map((provider: { id: number }) => provider.id)).toEqual([chen.id, park.id, parkToo.id]);
    expect(response.body[0]).toEqual({
      id: chen.id,
      userId: t.userId,
      name: 'Dr. Chen',
      specialty: 'Dentistry',
      phone: null,
      address: '12 Main St, Springfield',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty list when the patient has no providers', async () => {
    await createProvider(t.db, t.otherUserId);
    const response = await api(t.app, 'GET', `/api/providers/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('answers 404 for another user and one that does not exist, 400 for a malformed id', async () => {
    await createProvider(t.db, t.otherUserId);
    await expectRefused(t, 'GET', `/api/providers/${t.otherUserId}`, undefined, 404, 'User not found');
    await expectRefused(t, 'GET', '/api/providers/999', undefined, 404, 'User not found');
    for (const bad of MALFORMED_IDS) {
      await expectRefused(t, 'GET', `/api/providers/${bad}`, undefined, 400, 'userId: must be a positive whole number');
    }
  });
});

describe('POST /api/providers', () => {
  it('stores the provider for the patient, answers 201 with the stored row, and records no activity', async () => {
    const earlier = await createProvider(t.db, t.userId, { name: 'Dr. Ada Park' });
    const response = await api(t.app, 'POST', '/api/providers', newProvider());
    expect(response.status).toBe(201);
    const created = {
      id: earlier.id + 1,
      userId: t.userId,
      name: 'Dr. Lena Ortiz',
      specialty: 'Dentistry',
      phone: '(555) 201-3300',
      address: '40 Harbor Rd, Springfield',
    };
    expect(response.body).toEqual(created);
    expect(await providersOfPatient()).toEqual([asSent(earlier), created]);
    expect(await activitiesOfPatient()).toEqual([]);
  });

  it('trims the texts, and stores a phone and address that are empty, blank, null or not given as none', async () => {
    const trimmed = await api(t.app, 'POST', '/api/providers', newProvider({
      name: '  Dr. Sam Wu ',
      phone: ' +44 (0)20 7946 0018 ',
      address: '  1 High St  ',
    }));
    expect(trimmed.status).toBe(201);
    expect(trimmed.body).toMatchObject({ name: 'Dr. Sam Wu', phone: '+44 (0)20 7946 0018', address: '1 High St' });

    const empty = await api(t.app, 'POST', '/api/providers', newProvider({ name: 'Dr. Empty', phone: '', address: '   ' }));
    const nulls = await api(t.app, 'POST', '/api/providers', newProvider({ name: 'Dr. Null', phone: null, address: null }));
    const bare = await api(t.app, 'POST', '/api/providers', { userId: t.userId, name: 'Dr. Bare', specialty: 'Other' });
    for (const response of [empty, nulls, bare]) {
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ phone: null, address: null });
    }
    expect(await providersOfPatient()).toEqual([bare.body, empty.body, nulls.body, trimmed.body]);
  });

  it.each(PROVIDER_SPECIALTIES)('accepts the specialty %s', async (specialty) => {
    const response = await api(t.app, 'POST', '/api/providers', newProvider({ specialty }));
    expect(response.status).toBe(201);
    expect(response.body.specialty).toBe(specialty);
  });

  it('accepts a phone of 40 characters and an address of 500', async () => {
    const phone = '+44 (0)20 - 7946 - 0018 extension 123456';
    expect(phone).toHaveLength(40);
    const address = 'A'.repeat(500);
    const response = await api(t.app, 'POST', '/api/providers', newProvider({ phone, address }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ phone, address });
  });

  it.each([
    ['an empty body', {}, NAME_REQUIRED],
    ['a missing name', { name: undefined }, NAME_REQUIRED],
    ['an empty name', { name: '' }, NAME_REQUIRED],
    ['a blank name', { name: '   ' }, NAME_REQUIRED],
    ['a name of null', { name: null }, NAME_REQUIRED],
    ['a name over 200 characters', { name: 'N'.repeat(201) }, 'name: must be at most 200 characters'],
    ['a missing specialty', { specialty: undefined }, UNKNOWN_SPECIALTY],
    ['an unknown specialty', { specialty: 'Cardiology' }, UNKNOWN_SPECIALTY],
    ['a specialty in other letters', { specialty: 'dentistry' }, UNKNOWN_SPECIALTY],
    ['a specialty of null', { specialty: null }, UNKNOWN_SPECIALTY],
    ['a phone of letters', { phone: 'abc' }, BAD_PHONE],
    ['a phone too short to dial', { phone: '123' }, BAD_PHONE],
    ['a phone with doubled separators', { phone: '555--2013300' }, BAD_PHONE],
    ['a phone over 40 characters', { phone: '+44 (0)20 - 7946 - 0018 extension 1234567' }, 'phone: must be at most 40 characters'],
    ['a phone that is not text', { phone: 5552013300 }, 'phone: Invalid input: expected string, received number'],
    ['an address over 500 characters', { address: 'A'.repeat(501) }, 'address: must be at most 500 characters'],
    ['a missing user id', { userId: undefined }, 'userId: must be a positive whole number'],
    ['a user id sent as text', { userId: '1' }, 'userId: must be a positive whole number'],
  ])('refuses %s with 400', async (_case, overrides, message) => {
    const body = Object.keys(overrides).length === 0 ? {} : newProvider(overrides);
    await expectRefused(t, 'POST', '/api/providers', body, 400, message);
  });

  it('answers 404 for another user’s id and one that does not exist, adding nothing', async () => {
    await createProvider(t.db, t.otherUserId);
    await expectRefused(t, 'POST', '/api/providers', newProvider({ userId: t.otherUserId }), 404, 'User not found');
    await expectRefused(t, 'POST', '/api/providers', newProvider({ userId: 999 }), 404, 'User not found');
  });
});

describe('PATCH /api/providers/{id}', () => {
  it('changes only the fields sent, answers 200 with the updated row, and records no activity', async () => {
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Ada Park', address: '1 Elm St' });
    const other = await createProvider(t.db, t.userId, { name: 'Dr. Ben Cole' });
    const response = await api(t.app, 'PATCH', `/api/providers/${provider.id}`, { phone: ' +1 555 201 3300 ' });
    expect(response.status).toBe(200);
    const updated = { ...asSent(provider), phone: '+1 555 201 3300' };
    expect(response.body).toEqual(updated);
    expect(await providersOfPatient()).toEqual([updated, asSent(other)]);
    expect(await activitiesOfPatient()).toEqual([]);
  });

  it('changes every field, trimmed, and clears a phone or address sent empty or null', async () => {
    const provider = await createProvider(t.db, t.userId, { address: '1 Elm St' });
    const response = await api(t.app, 'PATCH', `/api/providers/${provider.id}`, {
      name: ' Dr. Ada Park-Lee ',
      specialty: 'Optometry',
      phone: '',
      address: null,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...asSent(provider), name: 'Dr. Ada Park-Lee', specialty: 'Optometry', phone: null, address: null });
    expect(await providersOfPatient()).toEqual([response.body]);
  });

  it.each([
    ['an empty body', {}, 'Nothing to update'],
    ['a body with only unknown fields', { id: 7, userId: 1, email: 'x@example.com' }, 'Nothing to update'],
    ['an empty name', { name: '' }, NAME_REQUIRED],
    ['a blank name', { name: '  ' }, NAME_REQUIRED],
    ['a name of null', { name: null }, NAME_REQUIRED],
    ['an unknown specialty', { specialty: 'Cardiology' }, UNKNOWN_SPECIALTY],
    ['a specialty of null', { specialty: null }, UNKNOWN_SPECIALTY],
    ['a phone of letters', { phone: 'abc' }, BAD_PHONE],
    ['a phone too short to dial', { phone: '123' }, BAD_PHONE],
    ['a phone over 40 characters', { phone: '5'.repeat(41) }, 'phone: must be at most 40 characters'],
    ['an address over 500 characters', { address: 'A'.repeat(501) }, 'address: must be at most 500 characters'],
  ])('refuses %s with 400', async (_case, body, message) => {
    const provider = await createProvider(t.db, t.userId);
    await expectRefused(t, 'PATCH', `/api/providers/${provider.id}`, body, 400, message);
  });

  it('refuses a request without a body with 400', async () => {
    const provider = await createProvider(t.db, t.userId);
    await expectRefused(t, 'PATCH', `/api/providers/${provider.id}`, undefined, 400, 'The request body must be a JSON object');
  });

  it('answers 400 for a malformed id', async () => {
    await createProvider(t.db, t.userId);
    for (const bad of MALFORMED_IDS) {
      await expectRefused(t, 'PATCH', `/api/providers/${bad}`, { name: 'Dr. X' }, 400, 'id: must be a positive whole number');
    }
  });

  it("answers 404 for another user's provider and one that does not exist, changing nothing", async () => {
    await createProvider(t.db, t.userId);
    const theirs = await createProvider(t.db, t.otherUserId, { name: 'Dr. Theirs' });
    await expectRefused(t, 'PATCH', `/api/providers/${theirs.id}`, { name: 'Dr. Mine Now' }, 404, 'Provider not found');
    await expectRefused(t, 'PATCH', '/api/providers/999', { name: 'Dr. X' }, 404, 'Provider not found');
  });
});

describe('DELETE /api/providers/{id}', () => {
  it('removes a provider no appointment names, answers 204, keeps the others, and records no activity', async () => {
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Ada Park' });
    const other = await createProvider(t.db, t.userId, { name: 'Dr. Ben Cole' });
    await createAppointment(t.db, t.userId, other.id);
    const response = await api(t.app, 'DELETE', `/api/providers/${provider.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect(await providersOfPatient()).toEqual([asSent(other)]);
    expect(await activitiesOfPatient()).toEqual([]);
    expect((await snapshotData(t.db)).appointments).toHaveLength(1);
  });

  it('answers 404 the second time', async () => {
    const provider = await createProvider(t.db, t.userId);
    expect((await api(t.app, 'DELETE', `/api/providers/${provider.id}`)).status).toBe(204);
    await expectRefused(t, 'DELETE', `/api/providers/${provider.id}`, undefined, 404, 'Provider not found');
  });

  it.each([
    ['a scheduled appointment', ['scheduled'], 'This provider is named by 1 appointment and cannot be removed'],
    ['only a cancelled appointment', ['cancelled'], 'This provider is named by 1 appointment and cannot be removed'],
    ['a completed and a cancelled appointment', ['completed', 'cancelled'], 'This provider is named by 2 appointments and cannot be removed'],
  ] as const)('refuses with 409 while %s names the provider, changing nothing', async (_case, statuses, message) => {
    const provider = await createProvider(t.db, t.userId);
    for (const status of statuses) await createAppointment(t.db, t.userId, provider.id, { status });
    await expectRefused(t, 'DELETE', `/api/providers/${provider.id}`, undefined, 409, message);
  });

  it('answers 409, not 500, when an appointment names the provider between the check and the delete', async () => {
    const provider = await createProvider(t.db, t.userId);
    // Books an appointment with the provider as it is being deleted: what a request racing the delete would do.
    await t.db.execute(sql`
      create function book_while_deleting() returns trigger language plpgsql as $$
      begin
        insert into appointments (user_id, provider_id, appointment_type, appointment_date, appointment_time, status)
        values (old.user_id, old.id, 'Checkup', '2030-01-01', 'morning', 'scheduled');
        return old;
      end $$`);
    await t.db.execute(sql`create trigger book_while_deleting before delete on providers for each row execute function book_while_deleting()`);
    try {
      await expectRefused(t, 'DELETE', `/api/providers/${provider.id}`, undefined, 409, 'This provider is named by an appointment and cannot be removed');
    } finally {
      await t.db.execute(sql`drop trigger book_while_deleting on providers`);
      await t.db.execute(sql`drop function book_while_deleting()`);
    }
  });

  it('answers 400 for a malformed id', async () => {
    await createProvider(t.db, t.userId);
    for (const bad of MALFORMED_IDS) {
      await expectRefused(t, 'DELETE', `/api/providers/${bad}`, undefined, 400, 'id: must be a positive whole number');
    }
  });

  it("answers 404 for another user's provider and one that does not exist, deleting nothing", async () => {
    await createProvider(t.db, t.userId);
    const theirs = await createProvider(t.db, t.otherUserId);
    await expectRefused(t, 'DELETE', `/api/providers/${theirs.id}`, undefined, 404, 'Provider not found');
    await expectRefused(t, 'DELETE', '/api/providers/999', undefined, 404, 'Provider not found');
  });
});
