import type { ChatHistory } from '../../../shared/contracts/chat';
import type { ChatContext } from './answer-chat';
import { conversationHistory } from './conversations';
import { asLangChainHistory } from './history';

/**
 * The n8n tab's loadPreviousSession: n8n's memory when n8n answers the tab and remembers the session, the app's own
 * copy of the conversation otherwise. A read, not a message: nothing is counted.
 */
export async function previousSession({ db, chats, patient, signal }: ChatContext, session: { sessionId: string; metadata?: Record<string, unknown> }): Promise<ChatHistory> {
  const trigger = chats.n8n?.chatTrigger;
  const fromN8n = trigger ? await trigger.loadPreviousSession(session, { signal }) : null;
  return asLangChainHistory(fromN8n?.length ? fromN8n : await conversationHistory(db, patient, { channel: 'assistant', sessionKey: session.sessionId }));
}
