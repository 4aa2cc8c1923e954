import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { User } from '../../shared/contracts/users';
import { createActivity } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { jsonList } from './json-list';
import { activities, users } from './schema/index';

const t = useTestApp();
/** The User contract's columns: the profile's two boxes are read from the lists (services/profile-lines.ts). */
const UserRow = User.omit({ existingConditions: true, allergies: true });
const usersById = jsonList(users, UserRow, [asc(users.id)]);

describe('a list written by PostgreSQL from its row contract', () => {
  it('holds the contract’s fields only, in its order, never another column of the table', async () => {
    const json = await usersById.read(t.db, eq(users.id, t.userId));
    const [user] = JSON.parse(json);
    expect(Object.keys(user)).toEqual(Object.keys(UserRow.shape));
    expect(json).not.toMatch(/password/i);
    expect(UserRow.array().safeParse(JSON.parse(json)).success).toBe(true);
  });

  it('writes a timestamp as Date.toISOString does, with its milliseconds, in UTC', async () => {
    const at = new Date('2026-02-03T04:05:06.789Z');
    await createActivity(t.db, t.userId, { timestamp: at });
    const list = jsonList(activities, z.object({ id: z.int(), timestamp: z.string() }), [asc(activities.id)]);
    const [activity] = JSON.parse(await list.read(t.db, eq(activities.userId, t.userId)));
    expect(activity.timestamp).toBe(at.toISOString());
  });

  it('answers [] for no rows, and at most `limit` rows in order', async () => {
    const list = jsonList(activities, z.object({ id: z.int() }), [asc(activities.id)]);
    expect(await list.read(t.db, eq(activities.userId, t.userId))).toBe('[]');
    for (let i = 0; i < 3; i++) await createActivity(t.db, t.userId);
    const ids = JSON.parse(await list.read(t.db, eq(activities.userId, t.userId), 2)).map((a: { id: number }) => a.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeLessThan(ids[1]);
  });

  it('refuses, when declared, a contract field that is not a column', () => {
    expect(() => jsonList(users, z.object({ id: z.int(), nickname: z.string() }), [asc(users.id)])).toThrow(
      "jsonList: the contract's field nickname is not a column of the table",
    );
  });
});
