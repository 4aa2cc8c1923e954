import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/contracts/users';
import { sessionQuery } from './api/session';
import { userQuery } from './api/users';
import { followProfileUpdates, PROFILE_UPDATED, type ProfileUpdatedDetail } from './profile-events';
import { createQueryClient } from './query-client';

const alex: User = {
  id: 7,
  username: 'alex',
  displayName: 'Alex Morgan',
  email: 'alex.morgan@example.com',
  phoneNumber: null,
  avatarUrl: null,
  firstName: null,
  lastName: null,
  sexAtBirth: null,
  timeZone: null,
  dateOfBirth: null,
  deceased: false,
  deceasedDate: null,
  existingConditions: null,
  medications: null,
  allergies: null,
  communicationPreference: 'email',
  appointmentReminders: true,
  healthTips: true,
  unitSystem: 'us',
  onboardedAt: null,
};

// The session's patient, not 1: the event follows whoever the session names.
const { queryKey } = userQuery(7);

function setUp(cached?: User) {
  const client = createQueryClient();
  client.setQueryData(sessionQuery().queryKey, { access: 'signed-in', patientId: 7, methods: { passkey: false, passphrase: true }, credentialsChangedAt: null });
  if (cached) client.setQueryData(queryKey, cached);
  const target = new EventTarget();
  const stop = followProfileUpdates(client, target);
  const announce = (detail: ProfileUpdatedDetail | null) => target.dispatchEvent(new CustomEvent(PROFILE_UPDATED, { detail }));
  return { client, announce, stop };
}

describe('followProfileUpdates', () => {
  it('writes the name (as displayName), email and photo into the cached patient and keeps the rest', () => {
    const { client, announce } = setUp(alex);
    announce({ name: 'Jordan Lee', email: 'jordan@example.com', avatarUrl: 'data:image/png;base64,AAAA' });
    expect(client.getQueryData(queryKey)).toEqual({
      ...alex,
      displayName: 'Jordan Lee',
      email: 'jordan@example.com',
      avatarUrl: 'data:image/png;base64,AAAA',
    });
  });

  it('changes only what the event carries; a null photo removes it', () => {
    const { client, announce } = setUp({ ...alex, avatarUrl: 'data:image/png;base64,AAAA' });
    announce({ email: 'alex@example.org' });
    expect(client.getQueryData(queryKey)).toEqual({ ...alex, email: 'alex@example.org', avatarUrl: 'data:image/png;base64,AAAA' });
    announce({ avatarUrl: null });
    announce(null);
    expect(client.getQueryData(queryKey)).toEqual({ ...alex, email: 'alex@example.org' });
  });

  it('loses to a later refetch or save: nothing is kept beside the cache', async () => {
    const { client, announce } = setUp(alex);
    announce({ name: 'Jordan Lee' });
    await client.fetchQuery({ queryKey, queryFn: async () => ({ ...alex, displayName: 'Jordan Lee-Morgan' }), staleTime: 0 });
    expect(client.getQueryData(queryKey)?.displayName).toBe('Jordan Lee-Morgan');
    client.setQueryData(queryKey, { ...alex, displayName: 'Sam Lee' });
    expect(client.getQueryData(queryKey)?.displayName).toBe('Sam Lee');
  });

  it('leaves a patient that has not loaded alone, and stops listening when told to', () => {
    const { client, announce, stop } = setUp();
    announce({ name: 'Jordan Lee' });
    expect(client.getQueryData(queryKey)).toBeUndefined();

    client.setQueryData(queryKey, alex);
    stop();
    announce({ name: 'Jordan Lee' });
    expect(client.getQueryData(queryKey)).toEqual(alex);
  });
});
