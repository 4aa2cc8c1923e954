import { Paperclip } from 'lucide-react';
import type { ChatMessage } from '../../lib/chat/chat-message';
import { cn } from '../../lib/cn';

/**
 * One message: the patient's on the right in the primary colour, the assistant's on the left, at most 85 % of the
 * list's width (part 2 §9 (docs/product.md#part-2-9)). Text is shown as written, line breaks kept; a screen reader hears who said it.
 */
export function MessageBubble({ message }: { message: ChatMessage }) {
  const mine = message.role === 'user';
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap rounded-2xl px-3.5 py-2 text-sm leading-relaxed [overflow-wrap:anywhere]',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{mine ? 'You said: ' : 'Assistant said: '}</span>
        {message.text}
        {message.files && message.files.length > 0 && (
          <ul aria-label="Attached files" className="mt-1.5 space-y-0.5 text-xs">
            {message.files.map((name) => (
              <li key={name} className="flex items-center gap-1.5">
                <Paperclip className="size-3 shrink-0" aria-hidden="true" />
                <span className="[overflow-wrap:anywhere]">{name}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
