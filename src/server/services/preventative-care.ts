import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { categoryForCare, nextCareDueDate, shownCareStatus } from '../../shared/rules/care';
import type { Guideline } from '../../shared/rules/guidelines';
import { isVaccineCare, matchesGuideline } from '../../shared/rules/recommendations';
import { CareItem, type CreateCareItemBody, type UpdateCareItemBody } from '../../shared/contracts/preventative-care';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { appointments, immunizations, preventativeCare, users } from '../db/schema/index';
import { foundOr404, ownRow, ownRows, type Patient } from '../core/patient';
import { recordActivity } from './activity-log';
import { patientToday } from './users';

type NewCareItem = Omit<z.output<typeof CreateCareItemBody>, 'userId'>;
type CareItemChanges = z.output<typeof UpdateCareItemBody>;
type CareRow = typeof preventativeCare.$inferSelect;

const byDueDate = jsonList(preventativeCare, CareItem, [asc(preventativeCare.dueDate), asc(preventativeCare.id)]);

/** shownCareStatus (rules/care.ts) in SQL, so that the database still writes the list. */
const shownStatus = (today: string) =>
  sql`case when ${preventativeCare.status} = 'upcoming' and ${preventativeCare.dueDate} < ${today}::date then 'overdue' else ${preventativeCare.status} end`;

/** A row as the API answers it: its status as shown on the patient's today. */
function shown(item: CareRow, today: string) {
  return { ...item, status: shownCareStatus(item.status, item.dueDate, today) };
}

/** The patient's care items by due date, each with its status as shown today in the patient's time zone. */
export async function listCareItems(db: Database, patient: Patient) {
  const today = await patientToday(db, patient);
  return byDueDate.withValues({ status: shownStatus(today) }).read(db, ownRows(preventativeCare, patient));
}

export async function createCareItem(db: Database, patient: Patient, input: NewCareItem) {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .insert(preventativeCare)
      .values({ ...input, category: input.category ?? categoryForCare(input.careName), userId: patient.id })
      .returning();
    if (!item) throw new Error('insert returned no row');
    await recordActivity(tx, patient, 'care_added', { careName: item.careName }, item.id);
    return shown(item, await patientToday(tx, patient));
  });
}

export async function updateCareItem(db: Database, patient: Patient, id: number, changes: CareItemChanges) {
  return db.transaction(async (tx) => {
    // Locked until commit: of two requests completing the same item, the second sees it completed
    // and records no second activity and no second round.
    const existing = foundOr404(
      await tx.select().from(preventativeCare).where(ownRow(preventativeCare, patient, id)).for('update'),
      'Care item',
    );
    const today = await patientToday(tx, patient);
    const item =
      changes.status === 'completed' && existing.status !== 'completed'
        ? // Completing an item records when: the day the caller gives, else the patient's today.
          await completeLockedItem(tx, patient, existing.id, changes.lastCompleted ?? today, changes)
        : foundOr404(
            await tx.update(preventativeCare).set(changes).where(ownRow(preventativeCare, patient, id)).returning(),
            'Care item',
          );
    return shown(item, today);
  });
}

/** The stored row, its status as stored ('overdue' is never stored), for other services. */
export async function findCareItem(db: Database, patient: Patient, id: number) {
  return foundOr404(await db.select().from(preventativeCare).where(ownRow(preventativeCare, patient, id)), 'Care item');
}

/**
 * The care item of a visit that took place is done: completed on the visit's day (or today, when the visit is
 * marked complete ahead of its date), with its activity and its next round, in the caller's transaction. An item
 * that is already completed keeps its own record.
 */
export async function completeCareItemByVisit(tx: Database, patient: Patient, id: number, visitDate: string, today: string) {
  const [item] = await tx.select().from(preventativeCare).where(ownRow(preventativeCare, patient, id)).for('update');
  if (!item || item.status === 'completed') return;
  await completeLockedItem(tx, patient, item.id, visitDate < today ? visitDate : today);
}

/**
 * A screening done on `doneOn` (not after `today`), as the patient confirmed it from a reading (issue 35), in the
 * caller's transaction. Their open care item for it is completed on that day; without one, an item for it is made and
 * completed, so that it comes back for its next round like any other. When one of their items already records it done
 * on that day or later, that item is the answer and nothing changes: confirming twice counts once.
 */
export async function completeScreening(tx: Database, patient: Patient, rule: Guideline, doneOn: string, today: string, notes: string) {
  // The patient's row is locked until commit: two confirmations at once would otherwise both find no item and make two.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, patient.id)).for('update');
  const items = (await tx.select().from(preventativeCare).where(ownRows(preventativeCare, patient)).orderBy(asc(preventativeCare.dueDate), asc(preventativeCare.id))).filter((item) =>
    matchesGuideline(rule, item.careName),
  );
  const doneSince = items.filter((item) => (item.lastCompleted ?? (item.status === 'completed' ? item.dueDate : '')) >= doneOn);
  const recorded = doneSince.find((item) => item.status === 'completed') ?? doneSince[0];
  if (recorded) return shown(recorded, today);
  const open = items.find((item) => item.status !== 'completed');
  const itemId =
    open?.id ??
    (
      await tx
        .insert(preventativeCare)
        .values({
          userId: patient.id,
          careName: rule.service,
          category: categoryForCare(rule.service),
          dueDate: doneOn,
          status: 'upcoming',
          recurringMonths: rule.intervalMonths,
          notes,
        })
        .returning({ id: preventativeCare.id })
    )[0]!.id;
  return shown(await completeLockedItem(tx, patient, itemId, doneOn), today);
}

/**
 * Completes a care item that the caller has locked and found not completed, in the caller's transaction: the row
 * becomes completed on `completedOn` (with any other `changes`), its 'care_completed' activity is recorded, and
 * recurring care comes back for its next round as a new upcoming item, due `recurringMonths` after the completion
 * and carrying it as `lastCompleted`. The completed row stays as the record of that round (the timeline's
 * 'Completed on', the proof that care was done within its interval, the item a past appointment links to). A vaccine
 * completed is added to the immunizations. The lock is what keeps a second completion, even a concurrent one, from
 * making a second round.
 */
async function completeLockedItem(tx: Database, patient: Patient, id: number, completedOn: string, changes: CareItemChanges = {}) {
  const item = foundOr404(
    await tx
      .update(preventativeCare)
      .set({ ...changes, status: 'completed', lastCompleted: completedOn })
      .where(ownRow(preventativeCare, patient, id))
      .returning(),
    'Care item',
  );
  if (item.recurringMonths !== null) {
    await tx.insert(preventativeCare).values({
      userId: patient.id,
      careName: item.careName,
      category: item.category,
      dueDate: nextCareDueDate(completedOn, item.recurringMonths),
      status: 'upcoming',
      recurringMonths: item.recurringMonths,
      lastCompleted: completedOn,
      notes: item.notes,
    });
  }
  // A vaccine done is an immunization given (issue 34): it joins the list, which preventative care reads as well.
  if (isVaccineCare(item.careName)) await tx.insert(immunizations).values({ userId: patient.id, vaccine: item.careName, date: completedOn });
  await recordActivity(tx, patient, 'care_completed', { careName: item.careName }, item.id);
  return item;
}

/**
 * The care item of a cancelled visit is open again: upcoming, which reads overdue once its due day has passed. Not
 * when it was completed meanwhile, nor while another scheduled appointment still books it.
 */
export async function reopenCareItem(tx: Database, patient: Patient, id: number, cancelledAppointmentId: number) {
  const [item] = await tx.select().from(preventativeCare).where(ownRow(preventativeCare, patient, id)).for('update');
  if (!item || item.status !== 'scheduled') return;
  const [stillBooked] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.careItemId, id), eq(appointments.status, 'scheduled'), ne(appointments.id, cancelledAppointmentId)))
    .limit(1);
  if (stillBooked) return;
  await tx.update(preventativeCare).set({ status: 'upcoming' }).where(eq(preventativeCare.id, item.id));
}
