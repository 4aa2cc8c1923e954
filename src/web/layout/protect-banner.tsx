import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../components/ui/button';
import { sessionQuery } from '../lib/api/session';
import { browserStorage } from '../lib/chat/browser-storage';
import { useOpenedOnce } from '../lib/use-opened-once';

// The passphrase form (react-hook-form, zod) loads when the patient opens it, not with the first paint (ADR 20).
const ProtectDialog = lazy(() => import('./protect-dialog'));

/** Remembered on this device: a dismissed banner stays away (onboarding and Settings → Security still offer the same). */
const PROTECT_BANNER_DISMISSED_KEY = 'protect-banner-dismissed';

function readDismissed(): boolean {
  return browserStorage('localStorage').getItem(PROTECT_BANNER_DISMISSED_KEY) === 'true';
}

function storeDismissed(): void {
  try {
    browserStorage('localStorage').setItem(PROTECT_BANNER_DISMISSED_KEY, 'true');
  } catch {
    // Storage full or blocked: the banner stays dismissed for this visit only.
  }
}

/**
 * While the app is open (no passphrase or passkey yet, this machine only; ADR 17), a banner above every screen offers
 * "Protect your record": a passphrase or a passkey, then the recovery codes. It can be dismissed.
 */
export function ProtectBanner() {
  const { data: session } = useQuery(sessionQuery());
  const [dismissed, setDismissed] = useState(readDismissed);
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);

  const showBanner = session?.access === 'open' && !dismissed;
  if (!showBanner && !open) return null;
  return (
    <>
      {showBanner && (
        <div className="mx-auto w-full max-w-6xl px-4 pt-4 md:px-8">
          <section
            aria-labelledby="protect-banner-title"
            className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center"
          >
            <ShieldAlert className="size-6 shrink-0 text-primary" aria-hidden="true" />
            <div className="flex-1 space-y-1">
              <p id="protect-banner-title" className="font-semibold">
                Protect your record
              </p>
              <p className="text-sm text-muted-foreground">Anyone who can use this computer can open HealthAssist. Set a passphrase so that it asks first.</p>
            </div>
            <div className="flex items-center gap-2">
              <Button onClick={() => setOpen(true)}>Protect your record</Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Dismiss"
                onClick={() => {
                  storeDismissed();
                  setDismissed(true);
                }}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          </section>
        </div>
      )}
      {opened && (
        <Suspense fallback={null}>
          <ProtectDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
