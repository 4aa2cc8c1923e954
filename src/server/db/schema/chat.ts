import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHAT_ROLES, type ChatAttachmentType, type ChatRole } from '../../../shared/contracts/chat';
import { isOneOf } from './checks';
import { users } from './users';

/** Which chat a conversation belongs to: the /chat page's n8n tab, or the /workflow-chat page. */
export const CHAT_CHANNELS = ['assistant', 'workflow'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

/** A conversation, named by the id the browser keeps (the widget's sessionId, the workflow page's chatId). */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ChatChannel>().notNull(),
    sessionKey: text('session_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_sessions_user_channel_key_idx').on(t.userId, t.channel, t.sessionKey),
    check('chat_sessions_channel_check', isOneOf(t.channel, CHAT_CHANNELS)),
  ],
);

/** What an attachment was: its name, type and size. The bytes go to n8n, never into the database. */
export interface ChatAttachmentNote {
  name: string;
  type: ChatAttachmentType;
  size: number;
}

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** The session's patient again, so that a patient's messages are reached without a join. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<ChatRole>().notNull(),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<ChatAttachmentNote[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.id),
    check('chat_messages_role_check', isOneOf(t.role, CHAT_ROLES)),
    // A user's message is at most 4,000 characters (the contract); a reply may be longer, not without end.
    check('chat_messages_content_check', sql`length(${t.content}) <= 100000`),
  ],
);

/**
 * Every chat message and AI analysis the patient asked for, when it was asked: what the per-minute limit counts
 * (CHAT_MESSAGES_PER_MINUTE), whatever became of the request. Rows older than a minute are pruned as new ones come.
 */
export const chatRequests = pgTable(
  'chat_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_requests_user_time_idx').on(t.userId, t.createdAt)],
);
