import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { todayUtc } from '../../shared/contracts/common';
import type { CreateCareItemBody, UpdateCareItemBody } from '../../shared/contracts/preventative-care';
import type { Database } from '../db/client';
import { preventativeCare } from '../db/schema/index';
import { notFound } from '../http/errors';
import { recordActivity } from './activity-log';

type NewCareItem = Omit<z.output<typeof CreateCareItemBody>, 'userId'>;
type CareItemChanges = z.output<typeof UpdateCareItemBody>;

export function listCareItems(db: Database, userId: number) {
  return db
    .select()
    .from(preventativeCare)
    .where(eq(preventativeCare.userId, userId))
    .orderBy(asc(preventativeCare.dueDate), asc(preventativeCare.id));
}

export async function createCareItem(db: Database, userId: number, input: NewCareItem) {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .insert(preventativeCare)
      .values({ ...input, userId })
      .returning();
    if (!item) throw new Error('insert returned no row');
    await recordActivity(tx, {
      userId,
      activityType: 'care_added',
      description: `Added ${item.careName} to your preventative care`,
      iconType: 'notifications',
      relatedItemId: item.id,
    });
    return item;
  });
}

export async function updateCareItem(db: Database, userId: number, id: number, changes: CareItemChanges) {
  return db.transaction(async (tx) => {
    // Locked until commit: of two requests completing the same item, the second sees it completed
    // and records no second activity.
    const [existing] = await tx
      .select()
      .from(preventativeCare)
      .where(and(eq(preventativeCare.id, id), eq(preventativeCare.userId, userId)))
      .for('update');
    if (!existing) throw notFound('Care item not found');
    const completing = changes.status === 'completed' && existing.status !== 'completed';
    const [item] = await tx
      .update(preventativeCare)
      .set({
        ...changes,
        // Completing an item records when, unless the caller says otherwise.
        ...(completing && changes.lastCompleted === undefined ? { lastCompleted: todayUtc() } : {}),
      })
      .where(and(eq(preventativeCare.id, id), eq(preventativeCare.userId, userId)))
      .returning();
    if (!item) throw notFound('Care item not found');
    if (completing) {
      await recordActivity(tx, {
        userId,
        activityType: 'care_completed',
        description: `Completed ${item.careName}`,
        iconType: 'check_circle',
        relatedItemId: item.id,
      });
    }
    return item;
  });
}

export async function findCareItem(db: Database, userId: number, id: number) {
  const [item] = await db
    .select()
    .from(preventativeCare)
    .where(and(eq(preventativeCare.id, id), eq(preventativeCare.userId, userId)));
  if (!item) throw notFound('Care item not found');
  return item;
}
