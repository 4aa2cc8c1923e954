import { OutsideServiceError } from '../../core/errors';
import type { ChatAttachment, WorkflowChatBody, WorkflowChatReply } from '../../../shared/contracts/chat';
import type { StoredMessage } from '../chat/conversations';
import type { ReplySource } from '../chat/reply-source';

/** How one request to n8n is made, beyond its content. */
export interface WebhookCall {
  /** Ask for n8n's streamed answer, as the widget does with `Accept: text/plain`. */
  stream?: boolean;
  /** The patient left (the browser closed the request): stop waiting for n8n. */
  signal?: AbortSignal;
}

/** A message of the n8n tab, as the widget sends it, with the files it carried. */
export interface ForwardedMessage {
  sessionId: string;
  chatInput: string;
  metadata?: Record<string, unknown>;
  attachments: readonly ChatAttachment[];
}

/** n8n's Chat Trigger (N8N_CHAT_WEBHOOK_URL): what the n8n tab asks of it, server to server. */
export interface N8nChatTrigger {
  /** sendMessage: n8n's reply as it comes, its JSON answer or its stream read into stream chunks alike. */
  sendMessage(message: ForwardedMessage, call: WebhookCall): Promise<ReplySource>;
  /** loadPreviousSession: the session in n8n's memory, or null when n8n keeps none (its answer is not a history). */
  loadPreviousSession(session: { sessionId: string; metadata?: Record<string, unknown> }, call: WebhookCall): Promise<StoredMessage[] | null>;
}

/** The workflow page's webhook (N8N_WORKFLOW_WEBHOOK_URL): `{ chatId, message, route }` in, `{ output }` back. */
export interface N8nWorkflow {
  send(message: WorkflowChatBody, call: WebhookCall): Promise<WorkflowChatReply>;
}

/**
 * n8n behind a small adapter (chat-trigger.ts, workflow.ts), chosen by the environment in index.ts: each webhook
 * that is configured. A chat whose webhook is not is answered by the app's own assistant.
 */
export interface N8n {
  readonly chatTrigger: N8nChatTrigger | undefined;
  readonly workflow: N8nWorkflow | undefined;
}

/**
 * n8n did not answer as a chat needs: 504 when it stayed silent for N8N_CHAT_TIMEOUT_MS (before its answer or
 * between two pieces of it), 502 for anything else (no connection, an error status, an answer that is no reply).
 * `reason` can be shown to the patient ('n8n answered 500'): it names n8n and the status, never the address or the
 * auth header. `cause` is the failure under it (a refused connection), for the log.
 */
export class N8nError extends OutsideServiceError {
  constructor(status: 502 | 504, reason: string, options?: { cause: unknown }) {
    super(status, reason, {}, options);
    this.name = 'N8nError';
  }
}
