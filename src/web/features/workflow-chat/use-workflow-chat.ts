import { useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { refusalOf, useSendWorkflowMessage } from '../../lib/api/chat';
import { browserStorage } from '../../lib/chat/browser-storage';
import type { ChatMessage } from '../../lib/chat/chat-message';
import { messageId } from '../../lib/chat/message-id';
import { workflowChatId } from '../../lib/chat/workflow-chat-id';

export const WORKFLOW_GREETING =
  "Hi there! 👋 I'm your health workflow assistant. Ask me about your health, your care or your appointments, and I'll suggest what to do next.";
export const COULD_NOT_PROCESS = "Sorry, I couldn't process that.";
export const COULD_NOT_CONNECT = "Sorry, I couldn't connect to the health workflow. Please try again later.";

const assistantMessage = (text: string): ChatMessage => ({ id: messageId('assistant'), role: 'assistant', text });

/**
 * The workflow page's conversation (part 2 §2 (docs/product.md#part-2-2), §7 (docs/product.md#part-2-7)): one chat id per browser tab, each message posted with it and
 * the route 'health', the workflow's `output` shown. Waiting is the request's own pending state, so it ends
 * however the request does.
 */
export function useWorkflowChat() {
  const [chatId] = useState(() => workflowChatId(browserStorage('sessionStorage')));
  const [messages, setMessages] = useState<ChatMessage[]>([{ id: 'greeting', role: 'assistant', text: WORKFLOW_GREETING }]);
  const [input, setInput] = useState('');
  const sendMessage = useSendWorkflowMessage();

  function send() {
    const message = input.trim();
    if (message === '' || sendMessage.isPending) return;
    setMessages((said) => [...said, { id: messageId('user'), role: 'user', text: message }]);
    setInput('');
    sendMessage.mutate(
      { chatId, message, route: 'health' },
      {
        onSuccess: (reply) => setMessages((said) => [...said, assistantMessage(reply.output?.trim() ? reply.output : COULD_NOT_PROCESS)]),
        onError: (error) => {
          setMessages((said) => [...said, assistantMessage(COULD_NOT_CONNECT)]);
          // A refusal says why (too many messages this minute): worth reading beside the spec's apology.
          const refusal = refusalOf(error);
          if (refusal) toast({ title: 'Message not sent', description: refusal, variant: 'destructive' });
        },
      },
    );
  }

  return { messages, input, setInput, waiting: sendMessage.isPending, send };
}
