import { and, eq, inArray, lte } from 'drizzle-orm';
import { dueSoonUntil } from '../../../shared/rules/care';
import { careDigestWords } from '../../../shared/rules/notification-text';
import { weeklyDigestWindow } from '../../../shared/rules/reminder-times';
import type { Database } from '../../db/client';
import { preventativeCare } from '../../db/schema/index';
import { byPatient, daySpan, type Candidate, type PlanContext } from './plan-candidate';

/**
 * The week's digest of care items overdue or due soon, for each patient who has any: one a week (subject 'care',
 * occurrence the Monday of the patient's week), never one per item per day. Overdue and due soon as rules/care.ts
 * careStanding reads them: an open ('upcoming') item due before today, or by dueSoonUntil(today), on each patient's own
 * today. One query for all the patients given, through preventative_care_user_due_idx: the due dates of their open items
 * up to the latest of those days, counted here.
 */
export async function careDigestCandidates(db: Database, contexts: readonly PlanContext[]): Promise<Candidate[]> {
  if (contexts.length === 0) return [];
  const { last } = daySpan(contexts.map((context) => dueSoonUntil(context.today)));
  const rows = await db
    .select({ userId: preventativeCare.userId, dueDate: preventativeCare.dueDate })
    .from(preventativeCare)
    .where(
      and(
        inArray(preventativeCare.userId, contexts.map((context) => context.patientId)),
        eq(preventativeCare.status, 'upcoming'),
        lte(preventativeCare.dueDate, last),
      ),
    );
  const rowsOf = byPatient(rows);
  return contexts.flatMap(({ patientId, timeZone, today, now }) => {
    const until = dueSoonUntil(today);
    let overdue = 0;
    let dueSoon = 0;
    for (const { dueDate } of rowsOf.get(patientId) ?? []) {
      if (dueDate > until) continue;
      if (dueDate < today) overdue += 1;
      else dueSoon += 1;
    }
    if (overdue + dueSoon === 0) return [];
    const { monday, window } = weeklyDigestWindow(today, timeZone, now);
    return [{ patientId, kind: 'care-digest' as const, subject: 'care', occurrence: monday, window, ...careDigestWords({ overdue, dueSoon }) }];
  });
}
