import { z } from 'zod';

/**
 * The assistant chats (part 2 §2 (docs/product.md#part-2-2), §3 (docs/product.md#part-2-3), §7 (docs/product.md#part-2-7); issue 13). The n8n tab speaks n8n's Chat Trigger protocol to
 * POST /api/chat/n8n, the workflow page its own { chatId, message, route } to POST /api/chat/workflow; the server
 * forwards to n8n when configured and answers with the built-in assistant otherwise.
 */

export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** All of one message's attachments together. */
export const CHAT_ATTACHMENTS_MAX_BYTES = 20 * 1024 * 1024;
export const CHAT_ATTACHMENTS_MAX_COUNT = 10;
/** What the attach button offers and the server accepts (checked by content, not by the declared type). */
export const CHAT_ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'text/plain'] as const;
export type ChatAttachmentType = (typeof CHAT_ATTACHMENT_TYPES)[number];

/**
 * A file attached to a message, once the server read it whole and checked it by its content: what the request
 * pipeline hands over (http/chat-attachments.ts) and what the chats forward to n8n (services/n8n).
 */
export interface ChatAttachment {
  name: string;
  type: ChatAttachmentType;
  data: Uint8Array;
}

/** The widget's own field names (part 2 §3 (docs/product.md#part-2-3)): the session id and the text travel under these. */
export const CHAT_SESSION_KEY = 'sessionId';
export const CHAT_INPUT_KEY = 'chatInput';

export const chatMessages = {
  empty: 'Type a message first',
  tooLong: `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
} as const;

/** A message as typed: never blank, at most 4,000 characters once trimmed. */
export const ChatText = z
  .string({ message: 'must be text' })
  .trim()
  .min(1, chatMessages.empty)
  .max(CHAT_MESSAGE_MAX_LENGTH, chatMessages.tooLong);

/** The widget keeps a UUID; anything as plain as that is accepted, so a workflow's own ids work too. */
export const ChatSessionId = z
  .string({ message: 'is required' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, 'must be 1 to 100 letters, digits, dots, dashes, underscores or colons');

/** The widget's optional `metadata`: a small JSON object, passed on to n8n as it is. */
export const ChatMetadata = z
  .record(z.string(), z.unknown(), { message: 'must be a JSON object' })
  .refine((value) => JSON.stringify(value).length <= 4096, 'must be at most 4 KB of JSON')
  .optional();

export const N8nLoadPreviousSession = z.object({
  action: z.literal('loadPreviousSession'),
  [CHAT_SESSION_KEY]: ChatSessionId,
  metadata: ChatMetadata,
});

export const N8nSendMessage = z.object({
  action: z.literal('sendMessage'),
  [CHAT_SESSION_KEY]: ChatSessionId,
  [CHAT_INPUT_KEY]: ChatText,
  metadata: ChatMetadata,
});

/** What the n8n tab posts (JSON, or the same fields as multipart with files under `files`). */
export const N8nChatRequest = z.discriminatedUnion('action', [N8nLoadPreviousSession, N8nSendMessage], {
  error: (issue) =>
    issue.code === 'invalid_union' && issue.input === undefined
      ? 'is required: loadPreviousSession or sendMessage'
      : 'must be loadPreviousSession or sendMessage',
});
export type N8nChatRequest = z.infer<typeof N8nChatRequest>;

/** A reply, as n8n's Chat Trigger answers a message (the widget reads `output`, else `text`). */
export const ChatReply = z.object({ output: z.string() });
export type ChatReply = z.infer<typeof ChatReply>;

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** One message of a history, in LangChain's serialised form, as n8n's memory answers loadPreviousSession. */
export const LangChainMessage = z.object({
  lc: z.literal(1),
  type: z.literal('constructor'),
  id: z.tuple([z.literal('langchain_core'), z.literal('messages'), z.enum(['HumanMessage', 'AIMessage'])]),
  kwargs: z.object({ content: z.string(), additional_kwargs: z.object({}) }),
});
export type LangChainMessage = z.infer<typeof LangChainMessage>;

export const ChatHistory = z.object({ data: z.array(LangChainMessage) });
export type ChatHistory = z.infer<typeof ChatHistory>;

export const CHAT_STREAM_CHUNK_TYPES = ['begin', 'item', 'end', 'error'] as const;

/**
 * One line of n8n's streaming answer (newline-delimited JSON): `begin`, then `item`s carrying text, then `end`,
 * per node run; `error` ends it with a message. A browser asks for it with `Accept: text/plain`, as the widget does.
 */
export const ChatStreamChunk = z.object({
  type: z.enum(CHAT_STREAM_CHUNK_TYPES),
  content: z.string().optional(),
  metadata: z.object({
    nodeId: z.string(),
    nodeName: z.string(),
    itemIndex: z.number(),
    runIndex: z.number(),
    timestamp: z.number(),
  }),
});
export type ChatStreamChunk = z.infer<typeof ChatStreamChunk>;

/** The workflow page's session: 'health_' and 9 letters or digits, kept in sessionStorage under `chatId`. */
export const WorkflowChatId = z
  .string({ message: 'is required' })
  .regex(/^health_[A-Za-z0-9]{9}$/, "must be 'health_' followed by 9 letters or digits");

export const WorkflowChatBody = z.object({
  chatId: WorkflowChatId,
  message: ChatText,
  route: z.literal('health', { message: "must be 'health'" }),
});
export type WorkflowChatBody = z.infer<typeof WorkflowChatBody>;

/** The workflow's answer; a workflow may leave `output` out, and the page then says it could not process that. */
export const WorkflowChatReply = z.object({ output: z.string().optional() });
export type WorkflowChatReply = z.infer<typeof WorkflowChatReply>;

/** The 'Ask AI' card: a question for the language model, answered as a chat reply (or streamed). */
export const AnalysisBody = z.object({ question: ChatText });
export type AnalysisBody = z.infer<typeof AnalysisBody>;

/** What answers the chats on this server; names no address, model or key. */
export const AssistantStatus = z.object({
  /** The n8n tab's messages go to an n8n Chat Trigger (else the built-in assistant answers). */
  n8n: z.boolean(),
  /** The workflow page's messages go to an n8n workflow (else the built-in assistant answers). */
  workflow: z.boolean(),
  /** A language model answers the built-in assistant's open questions and 'Get AI Analysis'. */
  languageModel: z.boolean(),
});
export type AssistantStatus = z.infer<typeof AssistantStatus>;
