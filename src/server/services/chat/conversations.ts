import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { ChatRole } from '../../../shared/contracts/chat';
import type { Database } from '../../db/client';
import { chatMessages, chatRequests, chatSessions, users, type ChatAttachmentNote, type ChatChannel } from '../../db/schema/index';
import { ownRows, type Patient } from '../../core/patient';
import { tooManyRequests } from '../../core/errors';

/** A conversation as the browser names it: which chat, and the id it keeps (sessionId, chatId). */
export interface ConversationKey {
  channel: ChatChannel;
  sessionKey: string;
}

export interface StoredMessage {
  role: ChatRole;
  content: string;
}

/**
 * The turns of one conversation, oldest first: all of them for the history, or the `last` few as a language
 * model's context.
 */
export async function conversationHistory(
  db: Database,
  patient: Patient,
  { channel, sessionKey }: ConversationKey,
  { last }: { last?: number } = {},
): Promise<StoredMessage[]> {
  const query = db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatMessages.sessionId, chatSessions.id))
    .where(and(ownRows(chatSessions, patient), eq(chatSessions.channel, channel), eq(chatSessions.sessionKey, sessionKey)));
  if (last === undefined) return query.orderBy(asc(chatMessages.id));
  return (await query.orderBy(desc(chatMessages.id)).limit(last)).reverse();
}

/** What the database keeps of a reply at most (its CHECK); a longer one is cut there, the patient saw it whole. */
const MAX_STORED_REPLY = 100_000;

/**
 * Keeps one exchange: the patient's message and the reply, together or not at all, in the conversation the key
 * names (created on its first exchange). Kept once the reply is complete, so a failed reply leaves nothing behind.
 */
export async function keepExchange(
  db: Database,
  patient: Patient,
  key: ConversationKey,
  exchange: { question: string; attachments?: ChatAttachmentNote[]; reply: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Two first messages at once both insert; the unique key keeps one session and the other updates nothing.
    await tx
      .insert(chatSessions)
      .values({ userId: patient.id, channel: key.channel, sessionKey: key.sessionKey })
      .onConflictDoNothing();
    const [session] = await tx
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(and(ownRows(chatSessions, patient), eq(chatSessions.channel, key.channel), eq(chatSessions.sessionKey, key.sessionKey)));
    if (!session) throw new Error('chat session vanished while it was written');
    await tx.insert(chatMessages).values([
      { sessionId: session.id, userId: patient.id, role: 'user', content: exchange.question, attachments: exchange.attachments ?? [] },
      // A workflow that answered no output leaves no empty bubble in the history.
      ...(exchange.reply ? [{ sessionId: session.id, userId: patient.id, role: 'assistant' as const, content: exchange.reply.slice(0, MAX_STORED_REPLY) }] : []),
    ]);
  });
}

/** 'Clear history': every conversation of the patient, in both chats. */
export async function clearChatHistory(db: Database, patient: Patient): Promise<void> {
  await db.delete(chatSessions).where(ownRows(chatSessions, patient));
}

/**
 * Counts a message (or an AI analysis) against the per-minute limit, CHAT_MESSAGES_PER_MINUTE, before anything is
 * asked of n8n or a model: a request that fails or is abandoned counts too. The patient's row is locked while the
 * requests of the last minute are counted and this one is added, so requests sent at once cannot all slip through,
 * on one process or several on one PostgreSQL. Older rows are pruned on the way.
 */
export async function countChatRequest(db: Database, patient: Patient, perMinute: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, patient.id)).for('update');
    await tx.delete(chatRequests).where(and(ownRows(chatRequests, patient), lt(chatRequests.createdAt, sql`now() - interval '1 minute'`)));
    const [row] = await tx.select({ sent: count() }).from(chatRequests).where(ownRows(chatRequests, patient));
    if ((row?.sent ?? 0) >= perMinute) {
      throw tooManyRequests(`You can send at most ${perMinute} messages a minute. Please wait a moment and try again.`);
    }
    await tx.insert(chatRequests).values({ userId: patient.id });
  });
}
