import type { ReactNode } from 'react';
import type { ChatMessage } from '../../lib/chat/chat-message';
import { cn } from '../../lib/cn';
import { MessageBubble } from './message-bubble';
import { useScrollToNewest } from './use-scroll-to-newest';

interface MessageListProps {
  /** The log's accessible name, e.g. 'Conversation with the health assistant'. */
  label: string;
  messages: readonly ChatMessage[];
  /** While a reply streams in: a screen reader waits for it to be complete instead of reading every piece. */
  busy?: boolean;
  /** Shown after the messages (a note that the history could not be loaded). */
  footer?: ReactNode;
  className?: string;
}

/**
 * The conversation as a log: a screen reader announces each new message politely. It scrolls on its own, so it
 * takes keyboard focus (arrow keys scroll it) and shows it.
 */
export function MessageList({ label, messages, busy = false, footer, className }: MessageListProps) {
  // A new message, or more text in the last one (a reply streaming in): not every render of the screen around it,
  // which would pull the list down while the patient scrolls back and types.
  const newest = messages.at(-1);
  const ref = useScrollToNewest<HTMLDivElement>(`${messages.length}:${newest?.id}:${newest?.text.length}`);
  return (
    <div
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={0}
      className={cn(
        'min-h-0 flex-1 space-y-3 overflow-y-auto p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
        className,
      )}
    >
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} />
      ))}
      {footer}
    </div>
  );
}
