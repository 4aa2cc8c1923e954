import { useQuery } from '@tanstack/react-query';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ChatInput } from '../../../components/chat/chat-input';
import { MessageList } from '../../../components/chat/message-list';
import { TypingIndicator } from '../../../components/chat/typing-indicator';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { assistantStatusQuery } from '../../../lib/api/chat';
import type { ChatHandle } from '../chat-handle';
import { useN8nChat } from '../use-n8n-chat';
import { widgetOptions, widgetText } from '../widget-options';
import { ClearHistoryDialog } from './clear-history-dialog';
import { GetStarted } from './get-started';
import { N8nChatHeader } from './n8n-chat-header';
import { scrollIntoViewGently } from './scroll-into-view';

/**
 * The 'n8n AI Assistant' tab (part 2 §2 (docs/product.md#part-2-2), §4 (docs/product.md#part-2-4); issue 13 point 2): a chat that behaves like n8n's widget, 600 px high.
 *
 * 'Close chat' has nothing to close on a page (the widget's window mode hides a floating window), so it does what
 * the widget shows when no conversation is open: the get-started screen with 'New Conversation'. The session is
 * kept, so the screen also offers the way back to it — a reload would go back to it anyway.
 */
export function N8nChat({ ref }: { ref?: Ref<ChatHandle> }) {
  const chat = useN8nChat();
  const status = useQuery(assistantStatusQuery());
  // Only n8n's workflow can read files; the built-in assistant cannot, so the attach button waits for the server to say n8n answers.
  const canAttach = widgetOptions.allowFileUploads && status.data?.n8n === true;
  const [closed, setClosed] = useState(false);
  const [clearing, setClearing] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const clearButton = useRef<HTMLButtonElement>(null);
  const cleared = useRef(false);
  const wasClosed = useRef(closed);

  // Focus follows the screen that replaced the one with focus: the get-started button, or back to the message box.
  useEffect(() => {
    if (closed === wasClosed.current) return;
    wasClosed.current = closed;
    (closed ? startButton : input).current?.focus();
  }, [closed]);

  useImperativeHandle(ref, () => ({
    ask(question: string) {
      setClosed(false);
      if (chat.waiting || chat.loading) chat.setInput(question);
      else void chat.send(question);
      scrollIntoViewGently(panel.current);
    },
  }));

  function startOver() {
    chat.newConversation();
    setClosed(false);
  }

  function newConversation() {
    startOver();
    input.current?.focus();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Health Assistant</CardTitle>
        {status.data && (
          <CardDescription>
            {status.data.n8n ? 'Answered by your n8n chat workflow' : 'Answered by the built-in assistant, from your own records'}
          </CardDescription>
        )}
      </CardHeader>
      <div ref={panel} className="flex h-[600px] flex-col overflow-hidden border-t">
        <N8nChatHeader
          open={!closed}
          onNewConversation={newConversation}
          onClearHistory={() => setClearing(true)}
          onClose={() => setClosed(true)}
          clearHistoryRef={clearButton}
        />
        {closed ? (
          <GetStarted onNewConversation={newConversation} onResume={() => setClosed(false)} newConversationRef={startButton} />
        ) : (
          <>
            <MessageList
              label="Conversation with the health assistant"
              messages={chat.messages}
              inProgress={chat.inProgress}
              footer={
                chat.loading ? (
                  <p className="text-center text-xs text-muted-foreground">Loading your earlier messages…</p>
                ) : chat.historyFailed ? (
                  <p className="text-center text-xs text-muted-foreground">Your earlier messages could not be loaded.</p>
                ) : null
              }
            />
            <TypingIndicator active={chat.waiting} />
            <ChatInput
              inputRef={input}
              placeholder={widgetText('inputPlaceholder')}
              value={chat.input}
              onValueChange={chat.setInput}
              onSend={() => void chat.send(chat.input)}
              waiting={chat.waiting}
              sendBlocked={chat.loading ? 'Your earlier messages are still loading. Send again in a moment.' : undefined}
              history={chat.sentBefore}
              attachments={canAttach ? { files: chat.files, onPick: chat.attach, onRemove: chat.detach } : undefined}
            />
          </>
        )}
      </div>
      <ClearHistoryDialog
        open={clearing}
        n8n={status.data?.n8n}
        onClose={() => setClearing(false)}
        onCleared={() => {
          cleared.current = true;
          startOver();
        }}
        onCloseAutoFocus={(event) => {
          // After clearing, on to the new conversation; after 'Cancel', back to the button.
          event.preventDefault();
          (cleared.current ? input : clearButton).current?.focus();
          cleared.current = false;
        }}
      />
    </Card>
  );
}
