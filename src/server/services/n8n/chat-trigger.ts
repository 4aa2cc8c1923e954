import type { N8nConfig } from '../../env';
import type { ChatAttachment } from '../../http/chat-attachments';
import { badGateway } from '../../http/errors';
import type { StoredMessage } from '../chat/conversations';
import { readN8nHistory } from '../chat/history';
import type { ReplySource } from '../chat/reply-source';
import { MAX_N8N_ANSWER_CHARS, readN8nReply } from './read-reply';
import { postToN8n, readWithIdleTimeout, type WebhookCall, type WebhookPayload } from './webhook';

/** n8n's Chat Trigger with a webhook configured: the n8n tab's requests go there, server to server. */
export type ChatTriggerConfig = N8nConfig & { chatUrl: string };

export interface ForwardedMessage {
  sessionId: string;
  chatInput: string;
  metadata?: Record<string, unknown>;
  attachments: readonly ChatAttachment[];
}

/**
 * sendMessage, as the widget would have sent it to n8n: JSON, or multipart with each file under `files` when there
 * are attachments; the session id and text under the field names the workflow reads (N8N_CHAT_SESSION_KEY, …).
 */
export async function forwardMessage(config: ChatTriggerConfig, message: ForwardedMessage, call: WebhookCall): Promise<ReplySource> {
  const fields: Record<string, unknown> = {
    action: 'sendMessage',
    [config.sessionKey]: message.sessionId,
    [config.inputKey]: message.chatInput,
    ...(message.metadata === undefined ? {} : { metadata: message.metadata }),
  };
  const response = await postToN8n(config, config.chatUrl, payloadOf(fields, message.attachments), call);
  return readN8nReply(response.body, config.timeoutMs);
}

function payloadOf(fields: Record<string, unknown>, attachments: readonly ChatAttachment[]): WebhookPayload {
  if (attachments.length === 0) return { kind: 'json', body: fields };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  for (const file of attachments) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return { kind: 'form', body: form };
}

/**
 * loadPreviousSession, asked of n8n's memory: its messages, or null when n8n keeps none (its answer is not a
 * history), and then the app's own copy serves.
 */
export async function forwardLoadPreviousSession(
  config: ChatTriggerConfig,
  request: { sessionId: string; metadata?: Record<string, unknown> },
  call: WebhookCall,
): Promise<StoredMessage[] | null> {
  const fields = { action: 'loadPreviousSession', [config.sessionKey]: request.sessionId, ...(request.metadata ? { metadata: request.metadata } : {}) };
  const response = await postToN8n(config, config.chatUrl, { kind: 'json', body: fields }, call);
  return readN8nHistory(await readJson(response, config.timeoutMs));
}

/** The workflow page's message, to N8N_WORKFLOW_WEBHOOK_URL: `{ chatId, message, route }` in, `{ output }` back. */
export async function forwardWorkflowMessage(
  config: N8nConfig & { workflowUrl: string },
  body: { chatId: string; message: string; route: 'health' },
  call: WebhookCall,
): Promise<{ output?: string }> {
  const response = await postToN8n(config, config.workflowUrl, { kind: 'json', body }, call);
  const value = await readJson(response, config.timeoutMs);
  if (Array.isArray(value)) return outputOf(value[0]);
  return outputOf(value);
}

function outputOf(value: unknown): { output?: string } {
  const output = typeof value === 'object' && value !== null ? (value as { output?: unknown }).output : undefined;
  return typeof output === 'string' ? { output } : {};
}

async function readJson(response: Response, idleMs: number): Promise<unknown> {
  if (!response.body) return undefined;
  let text = '';
  for await (const piece of readWithIdleTimeout(response.body, idleMs)) {
    text += piece;
    if (text.length > MAX_N8N_ANSWER_CHARS) throw badGateway("n8n's answer is longer than a chat reply can be");
  }
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badGateway('n8n answered something other than JSON');
  }
}
