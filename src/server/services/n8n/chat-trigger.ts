import type { ChatAttachment } from '../../../shared/contracts/chat';
import type { N8nConfig } from '../../env';
import { readN8nHistory } from '../chat/history';
import { readN8nJson, readN8nReply } from './read-reply';
import type { N8nChatTrigger } from './types';
import { postToN8n, type WebhookPayload } from './webhook';

/** n8n's Chat Trigger with a webhook configured: the n8n tab's requests go there, server to server. */
export type ChatTriggerConfig = N8nConfig & { chatUrl: string };

/**
 * The n8n tab's requests as the widget would have sent them to n8n: JSON, or multipart with each file under `files`
 * when there are attachments; the session id and text under the field names the workflow reads
 * (N8N_CHAT_SESSION_KEY, N8N_CHAT_INPUT_KEY).
 */
export function chatTrigger(config: ChatTriggerConfig): N8nChatTrigger {
  return {
    async sendMessage(message, call) {
      const fields: Record<string, unknown> = {
        action: 'sendMessage',
        [config.sessionKey]: message.sessionId,
        [config.inputKey]: message.chatInput,
        ...(message.metadata === undefined ? {} : { metadata: message.metadata }),
      };
      const response = await postToN8n(config, config.chatUrl, payloadOf(fields, message.attachments), call);
      return readN8nReply(response.body, config.timeoutMs);
    },

    async loadPreviousSession(session, call) {
      const fields = { action: 'loadPreviousSession', [config.sessionKey]: session.sessionId, ...(session.metadata ? { metadata: session.metadata } : {}) };
      const response = await postToN8n(config, config.chatUrl, { kind: 'json', body: fields }, call);
      // The app's own copy serves when n8n keeps no memory of the session.
      return readN8nHistory(await readN8nJson(response, config.timeoutMs));
    },
  };
}

function payloadOf(fields: Record<string, unknown>, attachments: readonly ChatAttachment[]): WebhookPayload {
  if (attachments.length === 0) return { kind: 'json', body: fields };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  for (const file of attachments) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return { kind: 'form', body: form };
}
