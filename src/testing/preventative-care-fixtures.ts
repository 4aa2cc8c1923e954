import { asc } from 'drizzle-orm';
import { todayIn } from '../shared/rules/patient';
import type { TestContext } from './test-app';
import { preventativeCare } from '../server/db/schema/index';

// What the tests of adding, editing and completing care items share.

/** The statuses as stored, by id: 'overdue' is never among them. */
export async function storedStatuses(t: TestContext) {
  return t.db.select({ id: preventativeCare.id, status: preventativeCare.status }).from(preventativeCare).orderBy(asc(preventativeCare.id));
}

/** The patient's today: the test patient gives no time zone, so it is the machine's. */
export const today = () => todayIn(null);
