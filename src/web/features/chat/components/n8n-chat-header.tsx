import { MessageSquarePlus, Trash2, X } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { widgetText } from '../widget-options';

interface N8nChatHeaderProps {
  /** The conversation is showing (not the get-started screen): its controls are offered. */
  open: boolean;
  onNewConversation(): void;
  onClearHistory(): void;
  onClose(): void;
  clearHistoryRef?: Ref<HTMLButtonElement>;
}

/** The widget's header: its title and subtitle, and the conversation's controls. */
export function N8nChatHeader({ open, onNewConversation, onClearHistory, onClose, clearHistoryRef }: N8nChatHeaderProps) {
  return (
    <div className="space-y-2 border-b bg-muted/50 px-4 py-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{widgetText('title')}</h3>
          <p className="text-sm text-muted-foreground">{widgetText('subtitle')}</p>
        </div>
        {open && (
          <Tooltip label={widgetText('closeButtonTooltip')}>
            <Button variant="ghost" size="icon" aria-label={widgetText('closeButtonTooltip')} onClick={onClose} className="-mr-2 -mt-1 shrink-0">
              <X aria-hidden="true" />
            </Button>
          </Tooltip>
        )}
      </div>
      {open && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onNewConversation}>
            <MessageSquarePlus aria-hidden="true" />
            {widgetText('getStarted')}
          </Button>
          <Button ref={clearHistoryRef} variant="outline" size="sm" onClick={onClearHistory}>
            <Trash2 aria-hidden="true" />
            Clear history
          </Button>
        </div>
      )}
    </div>
  );
}
