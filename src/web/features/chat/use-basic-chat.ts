import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../lib/chat/chat-message';
import { messageId } from '../../lib/chat/message-id';
import { BASIC_GREETING, basicReplyDelay, pickBasicReply } from './basic-replies';

/** The Basic Chat (part 2 §4 (docs/product.md#part-2-4)): the patient's message, then, after a moment, one of five canned replies. No network. */
export function useBasicChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([{ id: 'greeting', role: 'assistant', text: BASIC_GREETING }]);
  const [input, setInput] = useState('');
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function send(text: string) {
    const message = text.trim();
    if (message === '' || waiting) return;
    setMessages((said) => [...said, { id: messageId('user'), role: 'user', text: message }]);
    setInput('');
    setWaiting(true);
    timer.current = setTimeout(() => {
      setMessages((said) => [...said, { id: messageId('assistant'), role: 'assistant', text: pickBasicReply() }]);
      setWaiting(false);
    }, basicReplyDelay());
  }

  return { messages, input, setInput, waiting, send };
}
