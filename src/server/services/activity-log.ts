import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import { Activity } from '../../shared/contracts/activities';
import { describeActivity, type ActivityType, type ActivityValues } from '../../shared/rules/activities';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { pageQuery, readPage, type PagedTable } from '../db/keyset-page';
import type { PageQuery } from '../../shared/contracts/paging';
import { activities } from '../db/schema/index';
import { ownRows, type Patient } from '../core/patient';

/**
 * The only way an activity is written: one of the closed list of kinds, its description filled from `values`.
 * Call inside the transaction of the change it records, so both commit or neither does.
 */
export async function recordActivity<Type extends ActivityType>(
  tx: Database,
  patient: Patient,
  type: Type,
  values: ActivityValues<Type>,
  relatedItemId: number,
): Promise<void> {
  await tx.insert(activities).values({ userId: patient.id, ...describeActivity(type, values), relatedItemId });
}

const newestActivitiesFirst = jsonList(activities, Activity, [desc(activities.timestamp), desc(activities.id)]);

export function listActivities(db: Database, patient: Patient, limit: number) {
  return newestActivitiesFirst.read(db, ownRows(activities, patient), limit);
}

const pagedActivities: PagedTable = { table: activities, time: activities.timestamp, id: activities.id, search: activities.search };

export const activitiesPageQuery = (db: Database, patient: Patient, query: PageQuery) =>
  pageQuery(db, pagedActivities, Activity, ownRows(activities, patient), query);

/** A page of the activity feed (ADR 19): the activity page's, with its search. */
export function pageActivities(db: Database, patient: Patient, query: PageQuery) {
  return readPage<z.output<typeof Activity>>(activitiesPageQuery(db, patient, query), query);
}
