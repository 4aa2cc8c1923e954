import type { ChatHistory, LangChainMessage } from '../../../shared/contracts/chat';
import type { StoredMessage } from './conversations';

/** A conversation as n8n's memory answers loadPreviousSession: LangChain's serialised Human and AI messages. */
export function asLangChainHistory(messages: readonly StoredMessage[]): ChatHistory {
  return {
    data: messages.map(({ role, content }): LangChainMessage => ({
      lc: 1,
      type: 'constructor',
      id: ['langchain_core', 'messages', role === 'user' ? 'HumanMessage' : 'AIMessage'],
      kwargs: { content, additional_kwargs: {} },
    })),
  };
}

/**
 * n8n's own answer to loadPreviousSession, read as the widget reads it (an id naming HumanMessage is the patient's,
 * anything else the assistant's), or null when it is not a history at all (a workflow without memory).
 */
export function readN8nHistory(value: unknown): StoredMessage[] | null {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { data?: unknown }).data)) return null;
  const messages: StoredMessage[] = [];
  for (const entry of (value as { data: unknown[] }).data) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, kwargs } = entry as { id?: unknown; kwargs?: { content?: unknown } };
    const content = textOf(kwargs?.content);
    if (content === null) continue;
    const human = (Array.isArray(id) ? id.map(String) : [String(id ?? '')]).some((part) => part.includes('HumanMessage'));
    messages.push({ role: human ? 'user' : 'assistant', content });
  }
  return messages;
}

/** LangChain content is a string, or a list of parts of which the text ones count. */
function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content.flatMap((part) => (typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string' ? [(part as { text: string }).text] : []));
  return texts.length ? texts.join('') : null;
}
