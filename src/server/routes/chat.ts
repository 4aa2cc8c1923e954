import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { answerChat, type ChatContext } from '../services/chat/answer-chat';
import { whoAnswers, type ChatDependencies } from '../services/chat/chat-dependencies';
import { clearChatHistory } from '../services/chat/conversations';
import { previousSession } from '../services/chat/previous-session';

const STREAM_NOTE =
  'With `Accept: text/plain` (as n8n\'s chat widget asks) the reply is n8n\'s stream instead: newline-delimited JSON chunks ' +
  '`{ type: "begin" | "item" | "end" | "error", content?, metadata }`, sent as they come.';

/** The chats' routes read the request and send the reply; services/chat/answer-chat.ts decides what answers. */
export const chatRoutes: FastifyPluginAsyncZod<{ db: Database; chat: ChatDependencies }> = async (app, { db, chat }) => {
  const contextOf = (request: FastifyRequest, reply: FastifyReply): ChatContext => ({ db, chats: chat, patient: request.patient, signal: abortWhenGone(reply) });

  app.get(
    '/chat/assistant',
    { schema: { summary: 'What answers the chats: n8n, a workflow, a language model, or the built-in assistant', response: { 200: AssistantStatus } } },
    async () => whoAnswers(chat),
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
      const { body } = request;
      const context = contextOf(request, reply);
      if (body.action === 'loadPreviousSession') return previousSession(context, body);
      const { sessionId, chatInput, metadata } = body;
      const message = { sessionId, chatInput, metadata, attachments: request.chatAttachments ?? [], stream: wantsStream(request) };
      const answer = await answerChat(context, { channel: 'assistant', message });
      return sendChatReply(request, reply, answer.reply, answer.keep);
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
    async (request, reply) => answerChat(contextOf(request, reply), { channel: 'workflow', message: request.body }),
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
      const answer = await answerChat(contextOf(request, reply), { channel: 'analysis', message: request.body });
      return sendChatReply(request, reply, answer.reply, answer.keep);
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
