import { useQuery } from '@tanstack/react-query';
import { MessageSquarePlus } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { assistantStatusQuery } from '../../../lib/api/chat';
import { widgetText } from '../widget-options';

interface GetStartedProps {
  onNewConversation(): void;
  onResume(): void;
  newConversationRef?: Ref<HTMLButtonElement>;
}

/**
 * The widget's get-started screen, shown after 'Close chat': 'New Conversation', the footer text (empty by default)
 * and what answers. The widget's 'Powered by' names n8n; here it says truthfully whether n8n or the app's own
 * assistant is answering, and links nowhere (the app sends the patient to no other site).
 */
export function GetStarted({ onNewConversation, onResume, newConversationRef }: GetStartedProps) {
  const status = useQuery(assistantStatusQuery());
  const footer = widgetText('footer');
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="flex flex-wrap justify-center gap-2">
        <Button ref={newConversationRef} onClick={onNewConversation}>
          <MessageSquarePlus aria-hidden="true" />
          {widgetText('getStarted')}
        </Button>
        <Button variant="outline" onClick={onResume}>
          Back to the conversation
        </Button>
      </div>
      {footer && <p className="text-sm text-muted-foreground">{footer}</p>}
      {status.data && (
        <p className="text-xs text-muted-foreground">
          {status.data.n8n ? 'Powered by your n8n chat workflow' : "Powered by HealthAssist's built-in assistant"}
        </p>
      )}
    </div>
  );
}
