import { Paperclip, SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/contracts/chat';
import { ATTACHMENT_ACCEPT } from '../../lib/chat/attachments';
import { caretAtEdge, NOT_RECALLING, recall, type RecallState } from '../../lib/chat/input-history';
import { Button } from '../ui/button';
import { Tooltip } from '../ui/tooltip';
import { AttachmentChips } from './attachment-chips';

export interface AttachmentsControl {
  files: readonly File[];
  onPick(files: File[]): void;
  onRemove(name: string): void;
}

interface ChatInputProps {
  placeholder: string;
  value: string;
  onValueChange(value: string): void;
  /** Called for a message worth sending: not blank, nothing awaited. */
  onSend(): void;
  /** A reply is awaited: typing, sending and attaching wait too (part 2 §4 (docs/product.md#part-2-4)). */
  waiting: boolean;
  /**
   * Why sending waits for something else (the earlier messages are still loading), if it does: said beside the
   * box when the patient tries to send, so that Enter is never silently ignored. What they wrote stays.
   */
  sendBlocked?: string;
  /** What was sent earlier in the session, oldest first, for Arrow Up / Arrow Down. */
  history?: readonly string[];
  /** Set where files can be attached (the n8n tab). */
  attachments?: AttachmentsControl;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The row under a conversation: the message box, and the attach and send buttons. Enter sends and Shift+Enter
 * starts a new line; a key that composes a character (an input method for Chinese or Japanese, say) never sends.
 * While waiting, the box and buttons are aria-disabled rather than disabled: a disabled box would drop the
 * keyboard focus to the page, and the patient would have to find their way back after every reply.
 */
export function ChatInput({ placeholder, value, onValueChange, onSend, waiting, sendBlocked, history, attachments, inputRef }: ChatInputProps) {
  const [recalling, setRecalling] = useState<RecallState>(NOT_RECALLING);
  /** The patient tried to send while sending waited: the reason is shown, until it no longer holds. */
  const [triedWhileBlocked, setTriedWhileBlocked] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const canSend = !waiting && !sendBlocked && value.trim() !== '';
  const blockedNote = sendBlocked && triedWhileBlocked ? sendBlocked : null;
  if (!sendBlocked && triedWhileBlocked) setTriedWhileBlocked(false);

  function send() {
    if (sendBlocked && !waiting && value.trim() !== '') setTriedWhileBlocked(true);
    if (!canSend) return;
    setRecalling(NOT_RECALLING);
    onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      send();
      return;
    }
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && history && !waiting && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      const box = event.currentTarget;
      if (!caretAtEdge(box.value, box.selectionStart, box.selectionEnd, event.key)) return;
      const next = recall(history, recalling, event.key, value);
      if (!next) return;
      event.preventDefault();
      setRecalling(next.state);
      onValueChange(next.value);
      // The caret where the next press of the same key recalls again: the start going back, the end coming forward.
      const caret = event.key === 'ArrowUp' ? 0 : next.value.length;
      requestAnimationFrame(() => box.setSelectionRange(caret, caret));
    }
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    // Forget the pick, so that choosing the same file again is noticed too.
    event.target.value = '';
    if (picked.length > 0) attachments?.onPick(picked);
  }

  return (
    <div className="space-y-2 border-t p-3">
      {attachments && <AttachmentChips files={attachments.files} onRemove={attachments.onRemove} />}
      <div className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <label htmlFor={inputId} className="font-medium text-foreground">
          Your message
        </label>
        <span id={hintId} className="hidden sm:inline">
          Enter to send, Shift+Enter for a new line
        </span>
      </div>
      {/* Always there, so that a screen reader reads the note as it appears. */}
      <p role="status" className="text-xs text-muted-foreground empty:hidden">
        {blockedNote}
      </p>
      <div className="flex items-end gap-2">
        <textarea
          ref={inputRef}
          id={inputId}
          rows={1}
          value={value}
          placeholder={placeholder}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          readOnly={waiting}
          aria-disabled={waiting || undefined}
          aria-describedby={hintId}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        />
        {attachments && (
          <>
            <input ref={fileInput} type="file" multiple accept={ATTACHMENT_ACCEPT} onChange={onPick} hidden />
            <Tooltip label="Attach files">
              <Button
                variant="outline"
                size="icon"
                aria-label="Attach files"
                aria-disabled={waiting || undefined}
                onClick={() => !waiting && fileInput.current?.click()}
                className="shrink-0 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              >
                <Paperclip aria-hidden="true" />
              </Button>
            </Tooltip>
          </>
        )}
        <Tooltip label="Send message">
          <Button
            size="icon"
            aria-label="Send message"
            aria-disabled={!canSend || undefined}
            onClick={send}
            className="shrink-0 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            <SendHorizontal aria-hidden="true" />
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}
