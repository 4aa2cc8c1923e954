import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/paths';
import { Button } from '../components/ui/button';
import { buttonClass } from '../components/ui/button-variants';
import { sessionQuery } from '../lib/api/session';
import { browserStorage } from '../lib/chat/browser-storage';

/** The moment of the change in the browser's words ('Nov 28, 2026, 6:50 AM'), without a date library in this chunk. */
const whenChanged = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Remembered on this device: the notice of one change, once dismissed, stays away. */
const SEEN_KEY = 'credentials-changed-seen';

function seenChange(): string | null {
  return browserStorage('localStorage').getItem(SEEN_KEY);
}

function storeSeen(changedAt: string): void {
  try {
    browserStorage('localStorage').setItem(SEEN_KEY, changedAt);
  } catch {
    // Storage full or blocked: the notice goes for this visit only.
  }
}

/**
 * A way in was changed from another device while this browser was away (ADR 21): told once signed in, below the
 * header, with where to look if it was not the patient, until dismissed. It comes with the header's controls.
 */
export function CredentialsChangedBanner() {
  const changedAt = useQuery(sessionQuery()).data?.credentialsChangedAt ?? null;
  const [seen, setSeen] = useState(seenChange);
  if (changedAt === null || seen === changedAt) return null;
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
            A way to sign in was changed from another device on {whenChanged.format(new Date(changedAt))}. If that was not
            you, change your passphrase and end all other sessions.
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
            onClick={() => {
              storeSeen(changedAt);
              setSeen(changedAt);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      </section>
    </div>
  );
}
