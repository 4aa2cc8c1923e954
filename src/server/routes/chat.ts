import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnalysisBody,
  AssistantStatus,
  ChatHistory,
  ChatReply,
  N8nChatRequest,
  WorkflowChatBody,
  WorkflowChatReply,
} from '../../shared/contracts/chat';
import type { Database } from '../db/client';
import { readChatMultipart } from '../http/chat-attachments';
import { abortWhenGone, sendChatReply, wantsStream } from '../http/chat-reply';
import { errorResponses } from '../http/contract';
import { conflict } from '../http/errors';
import { assistantReply } from '../services/chat/assistant-reply';
import type { ChatDependencies } from '../services/chat/chat-dependencies';
import { emergencyReply } from '../services/assistant/emergency';
import { clearChatHistory, conversationHistory, countChatRequest, keepExchange } from '../services/chat/conversations';
import { asLangChainHistory } from '../services/chat/history';
import { replyText, wholeReply, withClosingNote, type ReplySource } from '../services/chat/reply-source';
import { forwardLoadPreviousSession, forwardMessage, forwardWorkflowMessage } from '../services/n8n/chat-trigger';

/** Said after the built-in assistant's answer to a message with files: it answers from the record, not from them. */
const ATTACHMENTS_NOT_READ =
  "\n\n(I can't open attached files: I answered from your records. Your files were not stored. To keep a document, upload it under Medical Records.)";

const STREAM_NOTE =
  'With `Accept: text/plain` (as n8n\'s chat widget asks) the reply is n8n\'s stream instead: newline-delimited JSON chunks ' +
  '`{ type: "begin" | "item" | "end" | "error", content?, metadata }`, sent as they come.';

export const chatRoutes: FastifyPluginAsyncZod<{ db: Database; chat: ChatDependencies }> = async (app, { db, chat }) => {
  app.get(
    '/chat/assistant',
    { schema: { summary: 'What answers the chats: n8n, a workflow, a language model, or the built-in assistant', response: { 200: AssistantStatus } } },
    async () => ({ n8n: Boolean(chat.n8n?.chatUrl), workflow: Boolean(chat.n8n?.workflowUrl), languageModel: chat.languageModel !== undefined }),
  );

  app.post(
    '/chat/n8n',
    {
      // Each piece of a streamed reply must leave at once; compressing would hold it back.
      compress: false,
      preValidation: readChatMultipart,
      schema: {
        summary: "The n8n tab: n8n's Chat Trigger protocol (loadPreviousSession, sendMessage), JSON or multipart with files",
        description:
          'Forwarded to N8N_CHAT_WEBHOOK_URL when set, answered by the built-in assistant otherwise; each exchange is kept. ' +
          'sendMessage answers `{ output }`; loadPreviousSession `{ data }` in LangChain form. ' +
          STREAM_NOTE,
        body: N8nChatRequest,
        response: { 200: z.union([ChatReply, ChatHistory]), ...errorResponses(429, 502, 504) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const key = { channel: 'assistant' as const, sessionKey: body.sessionId };
      const signal = abortWhenGone(reply);

      if (body.action === 'loadPreviousSession') {
        const fromN8n = chat.n8n?.chatUrl
          ? await forwardLoadPreviousSession({ ...chat.n8n, chatUrl: chat.n8n.chatUrl }, body, { signal })
          : null;
        // n8n's memory, when it has one; the app's own copy of the conversation otherwise.
        return asLangChainHistory(fromN8n?.length ? fromN8n : await conversationHistory(db, request.patient, key));
      }

      await countChatRequest(db, request.patient, chat.messagesPerMinute);
      const attachments = request.chatAttachments ?? [];
      const emergency = emergencyReply(body.chatInput);
      const history = (last: number) => conversationHistory(db, request.patient, key, { last });
      let source: ReplySource;
      if (emergency) {
        // First, whatever answers otherwise: a workflow or a model must not stand between the patient and 911.
        source = wholeReply(emergency);
      } else if (chat.n8n?.chatUrl) {
        source = await forwardMessage(
          { ...chat.n8n, chatUrl: chat.n8n.chatUrl },
          { sessionId: body.sessionId, chatInput: body.chatInput, metadata: body.metadata, attachments },
          { stream: wantsStream(request), signal },
        );
      } else {
        source = await assistantReply(db, request.patient, chat.languageModel, { question: body.chatInput, history, signal });
        if (attachments.length > 0) source = withClosingNote(source, ATTACHMENTS_NOT_READ);
      }
      const notes = attachments.map(({ name, type, data }) => ({ name, type, size: data.length }));
      return sendChatReply(request, reply, source, (text) =>
        keepExchange(db, request.patient, key, { question: body.chatInput, attachments: notes, reply: text }),
      );
    },
  );

  app.post(
    '/chat/workflow',
    {
      schema: {
        summary: 'The workflow page: a message for N8N_WORKFLOW_WEBHOOK_URL, or for the built-in assistant when it is unset',
        body: WorkflowChatBody,
        response: { 200: WorkflowChatReply, ...errorResponses(429, 502, 504) },
      },
    },
    async (request, reply) => {
      const { chatId, message } = request.body;
      const signal = abortWhenGone(reply);
      await countChatRequest(db, request.patient, chat.messagesPerMinute);
      const key = { channel: 'workflow' as const, sessionKey: chatId };
      const emergency = emergencyReply(message);
      let answer: { output?: string };
      if (emergency) {
        answer = { output: emergency };
      } else if (chat.n8n?.workflowUrl) {
        answer = await forwardWorkflowMessage({ ...chat.n8n, workflowUrl: chat.n8n.workflowUrl }, request.body, { signal });
      } else {
        const history = (last: number) => conversationHistory(db, request.patient, key, { last });
        const chunks = [];
        for await (const chunk of await assistantReply(db, request.patient, chat.languageModel, { question: message, history, signal })) chunks.push(chunk);
        answer = { output: replyText(chunks) };
      }
      await keepExchange(db, request.patient, key, { question: message, reply: answer.output ?? '' });
      return answer;
    },
  );

  app.post(
    '/chat/analysis',
    {
      compress: false,
      schema: {
        summary: "'Get AI Analysis': a question for the language model, with the patient's facts as context",
        description: `409 when no language model is configured (ASSISTANT_LLM_BASE_URL). ${STREAM_NOTE}`,
        body: AnalysisBody,
        response: { 200: ChatReply, ...errorResponses(409, 502, 504) },
      },
    },
    async (request, reply) => {
      if (!chat.languageModel) {
        throw conflict('AI analysis needs a language model, and none is configured on this server (ASSISTANT_LLM_BASE_URL)');
      }
      await countChatRequest(db, request.patient, chat.messagesPerMinute);
      const { question } = request.body;
      const emergency = emergencyReply(question);
      const source = emergency ? wholeReply(emergency) : await assistantReply(db, request.patient, chat.languageModel, { question, signal: abortWhenGone(reply) });
      // A one-off question, not a conversation: nothing is kept.
      return sendChatReply(request, reply, source, async () => undefined);
    },
  );

  app.delete(
    '/chat/history',
    { schema: { summary: "'Clear history': delete every conversation of the patient, in both chats", response: { 204: z.null().meta({ description: 'Deleted' }) } } },
    async (request, reply) => {
      await clearChatHistory(db, request.patient);
      return reply.status(204).send(null);
    },
  );
};
