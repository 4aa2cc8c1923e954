import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { ChatRole } from '../../../shared/contracts/chat';
import type { Database } from '../../db/client';
import { chatMessages, chatSessions, type ChatAttachmentNote, type ChatChannel } from '../../db/schema/index';
import type { Patient } from '../../http/current-patient';
import { tooManyRequests } from '../../http/errors';

/** A conversation as the browser names it: which chat, and the id it keeps (sessionId, chatId). */
export interface ConversationKey {
  channel: ChatChannel;
  sessionKey: string;
}

export interface StoredMessage {
  role: ChatRole;
  content: string;
}

/** The turns of one conversation, oldest first (served as the history, and given to a language model as context). */
export async function conversationHistory(db: Database, patient: Patient, { channel, sessionKey }: ConversationKey): Promise<StoredMessage[]> {
  return db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatMessages.sessionId, chatSessions.id))
    .where(and(eq(chatSessions.userId, patient.id), eq(chatSessions.channel, channel), eq(chatSessions.sessionKey, sessionKey)))
    .orderBy(asc(chatMessages.id));
}

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
      .where(and(eq(chatSessions.userId, patient.id), eq(chatSessions.channel, key.channel), eq(chatSessions.sessionKey, key.sessionKey)));
    if (!session) throw new Error('chat session vanished while it was written');
    await tx.insert(chatMessages).values([
      { sessionId: session.id, userId: patient.id, role: 'user', content: exchange.question, attachments: exchange.attachments ?? [] },
      { sessionId: session.id, userId: patient.id, role: 'assistant', content: exchange.reply },
    ]);
  });
}

/** 'Clear history': every conversation of the patient, in both chats. */
export async function clearChatHistory(db: Database, patient: Patient): Promise<void> {
  await db.delete(chatSessions).where(eq(chatSessions.userId, patient.id));
}

/**
 * The per-minute limit over all the patient's chats (CHAT_MESSAGES_PER_MINUTE), counted in the database so that
 * it holds across restarts and across several app processes on one PostgreSQL.
 */
export async function assertWithinMessageLimit(db: Database, patient: Patient, perMinute: number): Promise<void> {
  const [row] = await db
    .select({ sent: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, patient.id), eq(chatMessages.role, 'user'), gt(chatMessages.createdAt, sql`now() - interval '1 minute'`)));
  if ((row?.sent ?? 0) >= perMinute) {
    throw tooManyRequests(`You can send at most ${perMinute} messages a minute. Please wait a moment and try again.`);
  }
}
