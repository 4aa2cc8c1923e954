import { useImperativeHandle, useRef, type Ref } from 'react';
import { ChatInput } from '../../../components/chat/chat-input';
import { MessageList } from '../../../components/chat/message-list';
import { TypingIndicator } from '../../../components/chat/typing-indicator';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { ChatHandle } from '../chat-handle';
import { useBasicChat } from '../use-basic-chat';
import { scrollIntoViewGently } from './scroll-into-view';

/** The 'Basic Chat' tab (part 2 §2 (docs/product.md#part-2-2)): canned general guidance in a panel 70 % of the window high. */
export function BasicChat({ ref }: { ref?: Ref<ChatHandle> }) {
  const chat = useBasicChat();
  const panel = useRef<HTMLDivElement>(null);

  useImperativeHandle(ref, () => ({
    ask(question: string) {
      if (chat.waiting) chat.setInput(question);
      else chat.send(question);
      scrollIntoViewGently(panel.current);
    },
  }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Health Assistant</CardTitle>
        <CardDescription>Basic health guidance</CardDescription>
      </CardHeader>
      <div ref={panel} className="flex h-[70vh] flex-col overflow-hidden border-t">
        <MessageList label="Conversation with the basic assistant" messages={chat.messages} />
        <TypingIndicator active={chat.waiting} />
        <ChatInput
          placeholder="Type your message..."
          value={chat.input}
          onValueChange={chat.setInput}
          onSend={() => chat.send(chat.input)}
          waiting={chat.waiting}
        />
      </div>
    </Card>
  );
}
