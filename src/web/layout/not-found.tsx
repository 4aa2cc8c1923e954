import { AlertCircle } from 'lucide-react';
import { MessageScreen } from './message-screen';

export function NotFound() {
  return (
    <MessageScreen icon={AlertCircle} title="404 Page Not Found">
      <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
    </MessageScreen>
  );
}
