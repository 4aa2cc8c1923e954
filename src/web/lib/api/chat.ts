import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  CHAT_INPUT_KEY,
  CHAT_SESSION_KEY,
  type AnalysisBody,
  type AssistantStatus,
  type ChatHistory,
  type N8nChatRequest,
  type WorkflowChatBody,
  type WorkflowChatReply,
} from '../../../shared/contracts/chat';
import { apiRequest, serverMessage, statusOf, throwUnlessOk } from '../api-client';
import { readReply } from '../chat/read-reply';
import type { ReplyState } from '../chat/reply-reader';

/** The n8n tab's one endpoint: the app's own server, which forwards to n8n or answers itself. */
const N8N_CHAT_PATH = '/api/chat/n8n';

/** What answers the chats (n8n, the workflow, a language model); it changes only with the server's configuration. */
export const assistantStatusQuery = () =>
  queryOptions({ queryKey: ['chat', 'assistant'], queryFn: () => apiRequest<AssistantStatus>('GET', '/api/chat/assistant') });

/**
 * A session's earlier messages, as n8n's memory answers `loadPreviousSession`. The screen shows them and then
 * adds what is said while it is open, so this is read once per visit and never refetched under it (a refetch
 * would show the new messages twice): dropped from the cache as soon as the screen closes, never invalidated.
 */
export const n8nHistoryQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['chat', 'history', sessionId],
    queryFn: () => {
      const body: N8nChatRequest = { action: 'loadPreviousSession', [CHAT_SESSION_KEY]: sessionId };
      return apiRequest<ChatHistory>('POST', N8N_CHAT_PATH, body);
    },
    gcTime: 0,
  });

/** 'Clear history': every stored conversation of the patient. The screen then starts a new session itself. */
export function useClearChatHistory() {
  return useMutation({ mutationFn: () => apiRequest<void>('DELETE', '/api/chat/history') });
}

/** The workflow page's message (part 2 §7 (docs/product.md#part-2-7)), answered with `{ output }`. */
export function useSendWorkflowMessage() {
  return useMutation({
    mutationFn: (body: WorkflowChatBody) => apiRequest<WorkflowChatReply>('POST', '/api/chat/workflow', body),
  });
}

export interface N8nMessage {
  sessionId: string;
  text: string;
  files: readonly File[];
  metadata?: Record<string, unknown>;
  signal: AbortSignal;
  /** Called with the reply so far each time more of it arrives. */
  onUpdate(state: ReplyState): void;
}

/**
 * n8n's `sendMessage`, always asking for the streamed answer (`Accept: text/plain`, as the widget does when
 * streaming); a server that answers with one JSON object is read just as well. With files it is the same fields
 * as multipart, the files under `files`, and the browser sets the multipart Content-Type with its boundary.
 * Rejects like apiRequest (an ApiError) on a non-ok status, and when the body breaks off.
 */
export async function sendN8nMessage({ sessionId, text, files, metadata, signal, onUpdate }: N8nMessage): Promise<ReplyState> {
  let body: BodyInit;
  if (files.length > 0) {
    const form = new FormData();
    form.append('action', 'sendMessage');
    form.append(CHAT_SESSION_KEY, sessionId);
    form.append(CHAT_INPUT_KEY, text);
    if (metadata) form.append('metadata', JSON.stringify(metadata));
    for (const file of files) form.append('files', file);
    body = form;
  } else {
    const request: N8nChatRequest = { action: 'sendMessage', [CHAT_SESSION_KEY]: sessionId, [CHAT_INPUT_KEY]: text, metadata };
    body = JSON.stringify(request);
  }
  return readReply(await postForStream(N8N_CHAT_PATH, body, signal), onUpdate);
}

/** 'Get AI Analysis': the language model's answer to one question, streamed into the card. 409 without a model. */
export async function askForAnalysis(question: string, signal: AbortSignal, onUpdate: (state: ReplyState) => void): Promise<ReplyState> {
  const body: AnalysisBody = { question };
  return readReply(await postForStream('/api/chat/analysis', JSON.stringify(body), signal), onUpdate);
}

/** The server's own words when it refused the request (a 4xx: too long, too many files, too many messages); else null. */
export function refusalOf(error: unknown): string | null {
  const status = statusOf(error);
  return status !== null && status >= 400 && status < 500 ? serverMessage(error) : null;
}

async function postForStream(path: string, body: BodyInit, signal: AbortSignal): Promise<Response> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    // No Content-Type for FormData: the browser writes it, with the boundary.
    headers: typeof body === 'string' ? { Accept: 'text/plain', 'Content-Type': 'application/json' } : { Accept: 'text/plain' },
    body,
    signal,
  });
  await throwUnlessOk(response);
  return response;
}
