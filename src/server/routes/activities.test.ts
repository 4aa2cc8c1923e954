import { describe, expect, it } from 'vitest';
import { ACTIVITY_LIST_MAX } from '../../shared/contracts/activities';
import { describeActivity } from '../../shared/rules/activities';
import { activities } from '../db/schema/index';
import { createActivity } from '../../testing/factories';
import { api, useTestApp } from '../../testing/test-app';

const t = useTestApp();

interface ActivityBody {
  id: number;
  userId: number;
  description: string;
  timestamp: string;
}

const descriptions = (body: ActivityBody[]) => body.map((a) => a.description);

/** Many activities in one insert, the n-th one minute after the (n-1)-th. */
async function insertMany(userId: number, count: number, start = Date.parse('2026-01-01T00:00:00Z')) {
  await t.db.insert(activities).values(
    Array.from({ length: count }, (_, n) => ({
      userId,
      ...describeActivity('care_added', { careName: 'x' }),
      description: `Activity ${n + 1}`,
      timestamp: new Date(start + n * 60_000),
    })),
  );
}

describe('GET /api/activities/{userId}', () => {
  it('lists the patient’s activities newest first, by timestamp and then by id', async () => {
    await createActivity(t.db, t.userId, { description: 'oldest', timestamp: new Date('2026-01-01T09:00:00Z') });
    await createActivity(t.db, t.userId, { description: 'newest', timestamp: new Date('2026-03-01T09:00:00Z') });
    const tie = new Date('2026-02-01T09:00:00Z');
    await createActivity(t.db, t.userId, { description: 'tie, first inserted', timestamp: tie });
    await createActivity(t.db, t.userId, { description: 'tie, second inserted', timestamp: tie });

    const response = await api<ActivityBody[]>(t.app, 'GET', `/api/activities/${t.userId}`);
    expect(response.status).toBe(200);
    expect(descriptions(response.body)).toEqual(['newest', 'tie, second inserted', 'tie, first inserted', 'oldest']);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers each activity with its fields', async () => {
    const activity = await createActivity(t.db, t.userId, {
      ...describeActivity('record_uploaded', { filename: 'lab-report.pdf' }),
      relatedItemId: 7,
      timestamp: new Date('2026-02-03T04:05:06.789Z'),
    });
    const response = await api(t.app, 'GET', `/api/activities/${t.userId}`);
    expect(response.body).toEqual([
      {
        id: activity.id,
        userId: t.userId,
        activityType: 'record_uploaded',
        description: 'Uploaded lab-report.pdf',
        timestamp: '2026-02-03T04:05:06.789Z',
        relatedItemId: 7,
        iconType: 'folder_open',
      },
    ]);
  });

  it('answers an empty list when the patient has no activity', async () => {
    const response = await api(t.app, 'GET', `/api/activities/${t.userId}`);
    expect(response).toMatchObject({ status: 200, body: [] });
  });

  it('honours the limit, keeping the newest', async () => {
    await insertMany(t.userId, 5);
    const three = await api<ActivityBody[]>(t.app, 'GET', `/api/activities/${t.userId}?limit=3`);
    expect(three.status).toBe(200);
    expect(descriptions(three.body)).toEqual(['Activity 5', 'Activity 4', 'Activity 3']);
    const one = await api<ActivityBody[]>(t.app, 'GET', `/api/activities/${t.userId}?limit=1`);
    expect(descriptions(one.body)).toEqual(['Activity 5']);
    const more = await api<ActivityBody[]>(t.app, 'GET', `/api/activities/${t.userId}?limit=50`);
    expect(more.body).toHaveLength(5);
  });

  it(`answers at most ${ACTIVITY_LIST_MAX} without a limit, and exactly ${ACTIVITY_LIST_MAX} when asked`, async () => {
    await insertMany(t.userId, ACTIVITY_LIST_MAX + 5);
    const all = await api<ActivityBody[]>(t.app, 'GET', `/api/activities/${t.userId}`);
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(ACTIVITY_LIST_MAX);
    expect(all.body[0]!.description).toBe(`Activity ${ACTIVITY_LIST_MAX + 5}`);
    expect(all.body.at(-1)!.description).toBe('Activity 6');
    const max = await api<ActivityBody[]>(t.app, 'GET', `/api/activities/${t.userId}?limit=${ACTIVITY_LIST_MAX}`);
    expect(max.body).toHaveLength(ACTIVITY_LIST_MAX);
  });

  it.each(['0', 'abc', '201', '-1', '1.5', '1e2', '', ' 3', '99999999999999999999'])(
    'refuses limit=%j with 400',
    async (limit) => {
      const response = await api(t.app, 'GET', `/api/activities/${t.userId}?limit=${encodeURIComponent(limit)}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'limit: must be a whole number from 1 to 200' });
    },
  );

  it('refuses a limit given twice with 400', async () => {
    expect((await api(t.app, 'GET', `/api/activities/${t.userId}?limit=1&limit=2`)).status).toBe(400);
  });

  it('never lists another user’s activities', async () => {
    await createActivity(t.db, t.otherUserId, { description: 'theirs, newest', timestamp: new Date('2030-01-01T00:00:00Z') });
    await createActivity(t.db, t.userId, { description: 'mine' });
    await insertMany(t.otherUserId, 3);

    const response = await api<ActivityBody[]>(t.app, 'GET', `/api/activities/${t.userId}?limit=10`);
    expect(descriptions(response.body)).toEqual(['mine']);
    expect(response.body.every((a) => a.userId === t.userId)).toBe(true);
  });

  it('answers 404 for another user or one that does not exist, 400 for an id that is not a number', async () => {
    await createActivity(t.db, t.otherUserId);
    expect(await api(t.app, 'GET', `/api/activities/${t.otherUserId}`)).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    expect((await api(t.app, 'GET', '/api/activities/999')).status).toBe(404);
    expect(await api(t.app, 'GET', '/api/activities/abc')).toMatchObject({
      status: 400,
      body: { message: 'userId: must be a positive whole number' },
    });
  });
});
