import { and, eq, lte, sql } from 'drizzle-orm';
import { dueSoonUntil } from '../../../shared/rules/care';
import { careDigestWords } from '../../../shared/rules/notification-text';
import { weeklyDigestWindow } from '../../../shared/rules/reminder-times';
import { preventativeCare } from '../../db/schema/index';
import type { Candidate, PlanContext } from './plan-candidate';

/**
 * The week's digest of care items overdue or due soon, when there is any: one a week (subject 'care', occurrence the
 * Monday of the patient's week), never one per item per day. Overdue and due soon as rules/care.ts careStanding reads
 * them: an open ('upcoming') item due before today, or by dueSoonUntil(today). One indexed query
 * (preventative_care_user_due_idx), counting.
 */
export async function careDigestCandidates({ db, patient, timeZone, today, now }: PlanContext): Promise<Candidate[]> {
  const [counts] = await db
    .select({
      overdue: sql<number>`count(*) filter (where ${preventativeCare.dueDate} < ${today}::date)::int`,
      dueSoon: sql<number>`count(*) filter (where ${preventativeCare.dueDate} >= ${today}::date)::int`,
    })
    .from(preventativeCare)
    .where(and(eq(preventativeCare.userId, patient.id), eq(preventativeCare.status, 'upcoming'), lte(preventativeCare.dueDate, dueSoonUntil(today))));
  if (!counts || counts.overdue + counts.dueSoon === 0) return [];
  const { monday, window } = weeklyDigestWindow(today, timeZone, now);
  return [{ kind: 'care-digest', subject: 'care', occurrence: monday, window, ...careDigestWords(counts) }];
}
