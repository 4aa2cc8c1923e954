import type { ReactNode } from 'react';
import type { ChatMessage } from '../../lib/chat/chat-message';
import { cn } from '../../lib/cn';
import { MessageBubble } from './message-bubble';
import { useScrollToNewest } from './use-scroll-to-newest';

interface MessageListProps {
  /** The log's accessible name, e.g. 'Conversation with the health assistant'. */
  label: string;
  /** The finished messages: each one is added to the log whole, so a screen reader reads it once. */
  messages: readonly ChatMessage[];
  /**
   * Set for a conversation whose replies stream in: the reply arriving now, shown under the log (not in it) until
   * it is complete, when it joins `messages`. Without it the log is the scrolling area itself.
   */
  inProgress?: readonly ChatMessage[];
  /** Shown after the messages (a note that the history could not be loaded). */
  footer?: ReactNode;
  className?: string;
}

const focusRing = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring';
/** The same ring on the scrolling area, while the log inside it has the keyboard focus. */
const logFocusRing = 'has-[>[role=log]:focus-visible]:ring-2 has-[>[role=log]:focus-visible]:ring-inset has-[>[role=log]:focus-visible]:ring-ring';

/**
 * The conversation as a log: a screen reader announces each new message politely. It scrolls on its own, so it
 * takes keyboard focus (arrow keys scroll it) and shows it.
 *
 * A reply that streams in would change the log with every piece, and a screen reader would read each piece (most
 * ignore aria-busy). So where replies stream, the scrolling area holds the log and, after it, the reply being
 * written, in bubbles that look the same but are no live region; the finished reply is then added to the log.
 */
export function MessageList({ label, messages, inProgress, footer, className }: MessageListProps) {
  // A new message, or more text in the reply arriving: not every render of the screen around it, which would pull
  // the list down while the patient scrolls back and types.
  const newest = inProgress?.at(-1) ?? messages.at(-1);
  const ref = useScrollToNewest<HTMLDivElement>(`${messages.length}:${inProgress?.length ?? 0}:${newest?.id}:${newest?.text.length}`);
  const scrollArea = cn('min-h-0 flex-1 overflow-y-auto p-4', className);

  const log = (
    <div
      ref={inProgress ? undefined : ref}
      role="log"
      aria-live="polite"
      aria-label={label}
      tabIndex={0}
      className={cn('space-y-3', inProgress ? 'focus-visible:outline-none' : [scrollArea, focusRing])}
    >
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} />
      ))}
      {footer}
    </div>
  );
  if (!inProgress) return log;

  // The log keeps the keyboard focus (the arrow keys scroll the area around it); the area shows the focus ring.
  return (
    <div ref={ref} className={cn(scrollArea, logFocusRing)}>
      {log}
      {inProgress.length > 0 && (
        <div className="mt-3 space-y-3">
          {inProgress.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </div>
      )}
    </div>
  );
}
