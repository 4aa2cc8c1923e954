import type { AnalysisBody, ChatAttachment, WorkflowChatBody, WorkflowChatReply } from '../../../shared/contracts/chat';
import { replyText } from '../../../shared/rules/chat-reply';
import type { Database } from '../../db/client';
import type { Patient } from '../../core/patient';
import { conflict } from '../../core/errors';
import { emergencyReply } from '../assistant/emergency';
import { assistantReply } from './assistant-reply';
import type { ChatDependencies } from './chat-dependencies';
import { conversationHistory, countChatRequest, keepExchange, type ConversationKey } from './conversations';
import { wholeReply, withClosingNote, type ReplySource } from './reply-source';

/** Said after the built-in assistant's answer to a message with files: it answers from the record, not from them. */
const ATTACHMENTS_NOT_READ =
  "\n\n(I can't open attached files: I answered from your records. Your files were not stored. To keep a document, upload it under Medical Records.)";

/** Who asks, and what answers: the routes give the request's patient and a signal that aborts when the browser leaves. */
export interface ChatContext {
  db: Database;
  chats: ChatDependencies;
  patient: Patient;
  signal?: AbortSignal;
}

/** A message of the n8n tab (sendMessage), with the files it carried. */
export interface TabMessage {
  sessionId: string;
  chatInput: string;
  metadata?: Record<string, unknown>;
  attachments: readonly ChatAttachment[];
  /** The browser reads n8n's stream (the widget's `Accept: text/plain`), so n8n is asked for its stream too. */
  stream: boolean;
}

/** What a chat is asked: the n8n tab's message, the workflow page's, or a 'Get AI Analysis' question. */
export type ChatRequest =
  | { channel: 'assistant'; message: TabMessage }
  | { channel: 'workflow'; message: WorkflowChatBody }
  | { channel: 'analysis'; message: AnalysisBody };

/** A reply for the n8n tab or an analysis, to be sent as it comes (http/chat-reply.ts). */
export interface ChatAnswer {
  /** n8n's stream chunks whoever answers; a failure, before or between them, is an HttpError (502/504). */
  reply: ReplySource;
  /** Keeps the finished exchange, given what the reply said; an analysis keeps nothing. */
  keep(text: string): Promise<void>;
}

/**
 * The chats' one way in. Each message (or analysis) is counted against CHAT_MESSAGES_PER_MINUTE first, whatever
 * answers it and whether it is answered. Then an emergency is answered by the app's own rule, before n8n or a model
 * is asked: no workflow or model stands between the patient and 911. Otherwise n8n answers the chat whose webhook
 * is configured, else the app's assistant (a language model when configured, else its rules). n8n's and the
 * model's failures leave here as the API's 502/504.
 */
export function answerChat(context: ChatContext, request: Extract<ChatRequest, { channel: 'workflow' }>): Promise<WorkflowChatReply>;
export function answerChat(context: ChatContext, request: Exclude<ChatRequest, { channel: 'workflow' }>): Promise<ChatAnswer>;
export async function answerChat(context: ChatContext, request: ChatRequest): Promise<ChatAnswer | WorkflowChatReply> {
  const { db, chats, patient } = context;
  // 'Get AI Analysis' has nothing else to answer it: without a model it is refused, and not counted.
  if (request.channel === 'analysis' && !chats.languageModel) {
    throw conflict('AI analysis needs a language model, and none is configured on this server (ASSISTANT_LLM_BASE_URL)');
  }
  await countChatRequest(db, patient, chats.messagesPerMinute);
  const emergency = emergencyReply(questionOf(request));
  // An outside service's failure (n8n, a language model) is an HttpError already (core/errors.ts, OutsideServiceError),
  // before the reply starts and between its pieces alike: nothing here maps it.
  switch (request.channel) {
    case 'assistant':
      return await answerTab(context, request.message, emergency);
    case 'workflow':
      return await answerWorkflow(context, request.message, emergency);
    case 'analysis':
      // A one-off question, not a conversation: nothing is kept.
      return { reply: emergency ? wholeReply(emergency) : await askAssistant(context, request.message.question), keep: async () => undefined };
  }
}

function questionOf(request: ChatRequest): string {
  switch (request.channel) {
    case 'assistant':
      return request.message.chatInput;
    case 'workflow':
      return request.message.message;
    case 'analysis':
      return request.message.question;
  }
}

async function answerTab(context: ChatContext, message: TabMessage, emergency: string | null): Promise<ChatAnswer> {
  const { db, patient } = context;
  const key: ConversationKey = { channel: 'assistant', sessionKey: message.sessionId };
  const notes = message.attachments.map(({ name, type, data }) => ({ name, type, size: data.length }));
  return {
    reply: emergency ? wholeReply(emergency) : await tabReply(context, key, message),
    keep: (text) => keepExchange(db, patient, key, { question: message.chatInput, attachments: notes, reply: text }),
  };
}

async function tabReply(context: ChatContext, key: ConversationKey, message: TabMessage): Promise<ReplySource> {
  const { chats, signal } = context;
  const { sessionId, chatInput, metadata, attachments, stream } = message;
  const trigger = chats.n8n?.chatTrigger;
  if (trigger) return trigger.sendMessage({ sessionId, chatInput, metadata, attachments }, { stream, signal });
  const reply = await askAssistant(context, chatInput, key);
  return attachments.length > 0 ? withClosingNote(reply, ATTACHMENTS_NOT_READ) : reply;
}

async function answerWorkflow(context: ChatContext, message: WorkflowChatBody, emergency: string | null): Promise<WorkflowChatReply> {
  const { db, patient } = context;
  const key: ConversationKey = { channel: 'workflow', sessionKey: message.chatId };
  const answer = emergency ? { output: emergency } : await workflowReply(context, key, message);
  await keepExchange(db, patient, key, { question: message.message, reply: answer.output ?? '' });
  return answer;
}

async function workflowReply(context: ChatContext, key: ConversationKey, message: WorkflowChatBody): Promise<WorkflowChatReply> {
  const workflow = context.chats.n8n?.workflow;
  if (workflow) return workflow.send(message, { signal: context.signal });
  const chunks = [];
  for await (const chunk of await askAssistant(context, message.message, key)) chunks.push(chunk);
  return { output: replyText(chunks) };
}

/** The app's own assistant; in a conversation (`key`) a language model is given its last turns as context. */
function askAssistant({ db, chats, patient, signal }: ChatContext, question: string, key?: ConversationKey): Promise<ReplySource> {
  const history = key && ((last: number) => conversationHistory(db, patient, key, { last }));
  return assistantReply(db, patient, chats.languageModel, { question, history, signal });
}
