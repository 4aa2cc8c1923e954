import type { ChatHistory } from '../../../shared/contracts/chat';
import type { ChatMessage } from './chat-message';

/**
 * A loaded session as bubbles, read as n8n's widget reads it (part 2 §7 (docs/product.md#part-2-7)): an entry whose id names a HumanMessage
 * is the patient's, any other the assistant's.
 */
export function historyMessages(history: ChatHistory): ChatMessage[] {
  return history.data.map((entry, index) => ({
    id: `history-${index}`,
    role: entry.id.some((part) => String(part).includes('HumanMessage')) ? 'user' : 'assistant',
    text: entry.kwargs.content,
  }));
}
