import { ChatInput } from '../../../components/chat/chat-input';
import { MessageList } from '../../../components/chat/message-list';
import { TypingIndicator } from '../../../components/chat/typing-indicator';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { useWorkflowChat } from '../use-workflow-chat';

/** 'Health Workflow Assistant' (part 2 §2 (docs/product.md#part-2-2)): the conversation and its message box. */
export function WorkflowChatCard() {
  const chat = useWorkflowChat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Health Workflow Assistant</CardTitle>
      </CardHeader>
      <div className="flex h-[600px] max-h-[75vh] flex-col overflow-hidden border-t">
        <MessageList label="Conversation with the health workflow assistant" messages={chat.messages} />
        <TypingIndicator active={chat.waiting} />
        <ChatInput placeholder="Type your message..." value={chat.input} onValueChange={chat.setInput} onSend={chat.send} waiting={chat.waiting} />
      </div>
    </Card>
  );
}
