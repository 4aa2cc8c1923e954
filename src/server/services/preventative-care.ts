import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import { todayUtc } from '../../shared/contracts/common';
import { CareItem, type CreateCareItemBody, type UpdateCareItemBody } from '../../shared/contracts/preventative-care';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { preventativeCare } from '../db/schema/index';
import type { Patient } from '../http/current-patient';
import { recordActivity } from './activity-log';
import { foundOr404, ownRow, ownRows } from './owned';

type NewCareItem = Omit<z.output<typeof CreateCareItemBody>, 'userId'>;
type CareItemChanges = z.output<typeof UpdateCareItemBody>;

const byDueDate = jsonList(preventativeCare, CareItem, [asc(preventativeCare.dueDate), asc(preventativeCare.id)]);

export function listCareItems(db: Database, patient: Patient) {
  return byDueDate.read(db, ownRows(preventativeCare, patient));
}

export async function createCareItem(db: Database, patient: Patient, input: NewCareItem) {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .insert(preventativeCare)
      .values({ ...input, userId: patient.id })
      .returning();
    if (!item) throw new Error('insert returned no row');
    await recordActivity(tx, patient, 'care_added', { careName: item.careName }, item.id);
    return item;
  });
}

export async function updateCareItem(db: Database, patient: Patient, id: number, changes: CareItemChanges) {
  return db.transaction(async (tx) => {
    // Locked until commit: of two requests completing the same item, the second sees it completed
    // and records no second activity.
    const existing = foundOr404(
      await tx.select().from(preventativeCare).where(ownRow(preventativeCare, patient, id)).for('update'),
      'Care item',
    );
    const completing = changes.status === 'completed' && existing.status !== 'completed';
    const item = foundOr404(
      await tx
        .update(preventativeCare)
        .set({
          ...changes,
          // Completing an item records when, unless the caller says otherwise.
          ...(completing && changes.lastCompleted === undefined ? { lastCompleted: todayUtc() } : {}),
        })
        .where(ownRow(preventativeCare, patient, id))
        .returning(),
      'Care item',
    );
    if (completing) await recordActivity(tx, patient, 'care_completed', { careName: item.careName }, item.id);
    return item;
  });
}

export async function findCareItem(db: Database, patient: Patient, id: number) {
  return foundOr404(await db.select().from(preventativeCare).where(ownRow(preventativeCare, patient, id)), 'Care item');
}
