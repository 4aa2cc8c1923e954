import { describe, expect, it } from 'vitest';
import type { ChatHistory, LangChainMessage } from '../../../shared/contracts/chat';
import { historyMessages } from './history-messages';

const entry = (kind: 'HumanMessage' | 'AIMessage', content: string): LangChainMessage => ({
  lc: 1,
  type: 'constructor',
  id: ['langchain_core', 'messages', kind],
  kwargs: { content, additional_kwargs: {} },
});

describe('historyMessages', () => {
  it("shows a HumanMessage as the patient's and anything else as the assistant's, in order", () => {
    const history: ChatHistory = { data: [entry('HumanMessage', 'When is my next appointment?'), entry('AIMessage', 'On June 3.')] };
    expect(historyMessages(history)).toEqual([
      { id: 'history-0', role: 'user', text: 'When is my next appointment?' },
      { id: 'history-1', role: 'assistant', text: 'On June 3.' },
    ]);
  });

  it('is empty for a new session', () => {
    expect(historyMessages({ data: [] })).toEqual([]);
  });
});
