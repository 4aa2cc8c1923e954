import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { sessionQuery } from '../lib/api/session';
import { browserStorage } from '../lib/chat/browser-storage';

// The notice and its date formats load only when there is something to tell, not with the first paint (ADR 20).
const CredentialsChangedNotice = lazy(() => import('./credentials-changed-notice'));

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
 * A way in was changed from another device while this browser was away (ADR 21): told once signed in, above every
 * screen, until dismissed.
 */
export function CredentialsChangedBanner() {
  const changedAt = useQuery(sessionQuery()).data?.credentialsChangedAt ?? null;
  const [seen, setSeen] = useState(seenChange);
  if (changedAt === null || seen === changedAt) return null;
  return (
    <Suspense fallback={null}>
      <CredentialsChangedNotice
        changedAt={changedAt}
        onDismiss={() => {
          storeSeen(changedAt);
          setSeen(changedAt);
        }}
      />
    </Suspense>
  );
}
