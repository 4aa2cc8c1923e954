import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { assistantStatusQuery, n8nHistoryQuery, refusalOf, sendN8nMessage } from '../../lib/api/chat';
import { addAttachments, removeAttachment } from '../../lib/chat/attachments';
import { browserStorage } from '../../lib/chat/browser-storage';
import type { ChatMessage } from '../../lib/chat/chat-message';
import { historyMessages } from '../../lib/chat/history-messages';
import { messageId } from '../../lib/chat/message-id';
import { replyFailed, type ReplyBubble } from '../../lib/chat/reply-reader';
import { newSessionId, storeSessionId, storedSessionId } from '../../lib/chat/session-id';
import { refusalToast } from './attachment-refusals';
import { initialMessages, widgetOptions } from './widget-options';

export const REPLY_FAILED = 'Sorry, I encountered an error. Please try again.';

const botMessage = (text: string): ChatMessage => ({ id: messageId('bot'), role: 'assistant', text });

interface Session {
  id: string;
  /** Started on this page: it has no earlier messages to load. */
  fresh: boolean;
}

/**
 * The stored session, or a new one. Pure: React may render and throw away a first render (and run this again), so
 * the new session is stored by an effect once it is on screen; storing it here made the second run take it for a
 * stored one and load a history it cannot have.
 */
function openingSession(): Session {
  const stored = storedSessionId(browserStorage('localStorage'));
  return stored ? { id: stored, fresh: false } : { id: newSessionId(), fresh: true };
}

/**
 * The n8n tab's conversation, as n8n's chat widget keeps it: a session id in localStorage, the session's earlier
 * messages loaded on opening and shown after the greetings, then each message sent with its files and the reply
 * streamed into bot bubbles, kept apart (`inProgress`) until it is complete. However a reply ends — answered,
 * failed, refused, broken off — waiting ends.
 */
export function useN8nChat() {
  const [session, setSession] = useState(openingSession);
  const status = useQuery(assistantStatusQuery());
  const history = useQuery({ ...n8nHistoryQuery(session.id), enabled: widgetOptions.loadPreviousSession && !session.fresh });
  /** What was said since the session was opened here. */
  const [added, setAdded] = useState<ChatMessage[]>([]);
  /** The reply arriving now, one bubble per node run. */
  const [streaming, setStreaming] = useState<readonly ReplyBubble[]>([]);
  const [waiting, setWaiting] = useState(false);
  const [input, setInput] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const running = useRef<AbortController | null>(null);

  // A session started here is remembered for the next visit once it is shown.
  useEffect(() => {
    if (session.fresh) storeSessionId(browserStorage('localStorage'), session.id);
  }, [session]);

  // Leaving the page drops a reply still on its way.
  useEffect(
    () => () => {
      running.current?.abort();
      running.current = null;
    },
    [],
  );

  const greetings = initialMessages(status.data?.n8n, status.isError).map((text, index): ChatMessage => ({ id: `greeting-${index}`, role: 'assistant', text }));
  const earlier = history.data ? historyMessages(history.data) : [];
  const messages: ChatMessage[] = [...greetings, ...earlier, ...added];
  const inProgress = streaming.map((bubble): ChatMessage => ({ id: `streaming-${bubble.id}`, role: 'assistant', text: bubble.text }));
  const sentBefore = [...earlier, ...added].filter((message) => message.role === 'user').map((message) => message.text);
  const loading = history.isLoading;

  async function send(text: string) {
    const message = text.trim();
    if (message === '' || waiting || loading) return;
    const attached = files;
    setAdded((said) => [...said, { id: messageId('user'), role: 'user', text: message, files: attached.map((file) => file.name) }]);
    setInput('');
    setFiles([]);
    setStreaming([]);
    setWaiting(true);

    const controller = new AbortController();
    running.current = controller;
    const isCurrent = () => running.current === controller;
    let latest: readonly ReplyBubble[] = [];
    let failed = true;
    try {
      const reply = await sendN8nMessage({
        sessionId: session.id,
        text: message,
        files: attached,
        metadata: widgetOptions.metadata,
        signal: controller.signal,
        onUpdate: (state) => {
          latest = state.bubbles;
          if (isCurrent()) setStreaming(state.bubbles);
        },
      });
      failed = replyFailed(reply);
    } catch (error) {
      const refusal = isCurrent() ? refusalOf(error) : null;
      // The server's reason for a refusal (too many messages this minute, a file it does not take) is worth reading.
      if (refusal) toast({ title: 'Message not sent', description: refusal, variant: 'destructive' });
    } finally {
      // A reply of a conversation that was left meanwhile ('New Conversation') is dropped.
      if (isCurrent()) {
        running.current = null;
        setStreaming([]);
        setAdded((said) => [...said, ...latest.map((bubble) => botMessage(bubble.text)), ...(failed ? [botMessage(REPLY_FAILED)] : [])]);
        setWaiting(false);
      }
    }
  }

  /** A new session id, stored, and the conversation back to the greetings. */
  function newConversation() {
    running.current?.abort();
    running.current = null;
    setSession({ id: newSessionId(), fresh: true });
    setAdded([]);
    setStreaming([]);
    setWaiting(false);
    setInput('');
    setFiles([]);
  }

  function attach(picked: File[]) {
    const result = addAttachments(files, picked);
    setFiles(result.files);
    if (result.refused.length > 0) toast(refusalToast(result.refused));
  }

  return {
    /** The finished messages. */
    messages,
    /** The reply arriving now, until it is complete and joins `messages`. */
    inProgress,
    /** Earlier inputs of this session, oldest first, for Arrow Up / Arrow Down. */
    sentBefore,
    loading,
    historyFailed: history.isError,
    waiting,
    input,
    setInput,
    files,
    attach,
    detach: (name: string) => setFiles((current) => removeAttachment(current, name)),
    send,
    newConversation,
  };
}
