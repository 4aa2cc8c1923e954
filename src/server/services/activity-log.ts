import { desc } from 'drizzle-orm';
import { Activity } from '../../shared/contracts/activities';
import { describeActivity, type ActivityType, type ActivityValues } from '../../shared/rules/activities';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { activities } from '../db/schema/index';
import type { Patient } from '../http/current-patient';
import { ownRows } from './owned';

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
