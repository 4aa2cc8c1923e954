import { ShieldAlert, X } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../app/paths';
import { formatDateTime } from '../../shared/rules/formats';
import { Button } from '../components/ui/button';
import { buttonClass } from '../components/ui/button-variants';

interface CredentialsChangedNoticeProps {
  changedAt: string;
  onDismiss(): void;
}

/**
 * 'Your sign-in settings were changed' (ADR 21), with where to look if it was not the patient. Loaded only when there
 * is something to tell (credentials-changed-banner.tsx), with its date formats.
 */
export default function CredentialsChangedNotice({ changedAt, onDismiss }: CredentialsChangedNoticeProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 md:px-8">
      <section
        aria-labelledby="credentials-changed-title"
        className="flex flex-col gap-3 rounded-lg border border-amber-600/60 bg-amber-500/10 p-4 sm:flex-row sm:items-center"
      >
        <ShieldAlert className="size-6 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
        <div className="flex-1 space-y-1">
          <p id="credentials-changed-title" className="font-semibold">
            Your sign-in settings were changed
          </p>
          <p className="text-sm text-muted-foreground">
            A way to sign in was changed from another device on {formatDateTime(changedAt)}. If that was not you, change
            your passphrase and end all other sessions.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Link href={paths.security} className={buttonClass({ variant: 'outline' })}>
            Review security
          </Link>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Dismiss"
            onClick={onDismiss}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      </section>
    </div>
  );
}
