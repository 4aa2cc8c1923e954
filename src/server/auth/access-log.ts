import { desc, eq, isNull, or } from 'drizzle-orm';
import type { AccessEventKind } from '../../shared/rules/sign-in';
import type { Database } from '../db/client';
import { accessEvents } from '../db/schema/index';
import type { ClientFacts } from './client-facts';

/** Records what happened to the account's access, when and from which device (ADR 17). */
export async function recordAccessEvent(db: Pick<Database, 'insert'>, userId: number | null, kind: AccessEventKind, client: ClientFacts, at = new Date()) {
  await db.insert(accessEvents).values({ userId, kind, at, ...client });
}

/**
 * The account's latest access events, newest first, for Settings → Security, with those tied to no account (a failed
 * sign-in, which names nobody to a guesser, or a setup code tried): an install has one account, and they are its.
 */
export function listAccessEvents(db: Database, userId: number, limit = 50) {
  return db
    .select({ id: accessEvents.id, kind: accessEvents.kind, at: accessEvents.at, userAgent: accessEvents.userAgent, clientAddress: accessEvents.clientAddress })
    .from(accessEvents)
    .where(or(eq(accessEvents.userId, userId), isNull(accessEvents.userId)))
    .orderBy(desc(accessEvents.at), desc(accessEvents.id))
    .limit(limit);
}
