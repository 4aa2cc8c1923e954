import { lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudOff, RotateCw } from 'lucide-react';
import { Redirect, useLocation } from 'wouter';
import { AfterFirstPaint } from '../components/ui/after-first-paint';
import { Button } from '../components/ui/button';
import { AppLayout } from '../layout/app-layout';
import { MessageScreen } from '../layout/message-screen';
import { PageSkeleton } from '../layout/page-skeleton';
import { ScreenErrorBoundary } from '../layout/screen-error-boundary';
import { forgetPatientData, sessionQuery } from '../lib/api/session';
import { PatientIdContext } from '../lib/patient-id';
import { setupQuery } from '../lib/api/setup';
import { serverMessage } from '../lib/api-client';
import { paths } from './paths';

// The stand-alone screens: sign-in, setup and onboarding. Those inside the layout are in ./screens.
const SignInPage = lazy(() => import('../features/sign-in/sign-in-page'));
const SetupPage = lazy(() => import('../features/sign-in/setup-page'));
// The screens inside the layout, with the table of their chunks: asked for as this module runs, beside the first
// paint (the paint does not wait for it), so that a screen's own chunk is not one more round trip behind it; they
// render once the layout is on screen (ADR 20).
const screensModule = import('./screens');
// A failure to load is shown where Screens renders (its boundary offers Reload); until then it is handled, not an
// unhandled rejection in the console.
screensModule.catch(() => {});
const Screens = lazy(() => screensModule);
// Onboarding, once in an install's life, is named in ./screens's table of chunks rather than in this first paint's
// (issue 35: its twenty chunks' names were some 300 bytes of the first paint's script).
const OnboardingPage = lazy(() => screensModule.then(({ loadOnboardingPage }) => loadOnboardingPage()));

/**
 * The gate (ADR 17): where this browser stands decides what shows, before any other query runs (they answer 401
 * without access). 'open' and 'signed-in' get the app; 'sign-in' and 'setup' their screen, wherever the address points,
 * so that signing in lands on the screen that was asked for.
 */
export function AppRoutes() {
  const session = useQuery(sessionQuery());
  const queryClient = useQueryClient();
  // The first answer is drawn in a transition (ADR 20): a query's answer renders synchronously, and the layout's first
  // render in one piece was the longest task of a load on a phone. Later answers (a sign-out) take effect at once.
  const firstAnswer = useDeferredValue(session.data);
  const data = firstAnswer === undefined ? undefined : session.data;
  const access = session.data?.access;
  const locked = access === 'sign-in' || access === 'setup';
  // Nothing read about the patient stays in memory behind the sign-in screen (after Logout, an idle timeout).
  useEffect(() => {
    if (locked) forgetPatientData(queryClient);
  }, [locked, queryClient]);

  if (data === undefined) {
    if (session.isPending || session.data !== undefined) return <GateSkeleton />;
    return (
      <main className="p-4">
        <MessageScreen icon={CloudOff} title="HealthAssist cannot be reached">
          <p className="text-sm text-muted-foreground">Could not ask the server whether you are signed in: {serverMessage(session.error)}</p>
          <Button onClick={() => void session.refetch()}>
            <RotateCw aria-hidden="true" /> Try again
          </Button>
        </MessageScreen>
      </main>
    );
  }
  if (data.access === 'sign-in') {
    return (
      <StandAlone>
        <SignInPage methods={data.methods} />
      </StandAlone>
    );
  }
  if (data.access === 'setup') {
    return (
      <StandAlone>
        <SetupPage />
      </StandAlone>
    );
  }
  // 'open' and 'signed-in' name the patient (SessionState): every screen builds its paths and keys from it.
  if (data.patientId === null) return <GateSkeleton />;
  return (
    <PatientIdContext value={data.patientId}>
      <OpenApp />
    </PatientIdContext>
  );
}

/** While the session's state or a stand-alone screen's code loads. */
function GateSkeleton() {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8 md:py-24">
      <PageSkeleton />
    </main>
  );
}

/** A screen outside the shared layout: onboarding, sign-in, setup. */
function StandAlone({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ScreenErrorBoundary resetKey={location}>
      <Suspense fallback={<GateSkeleton />}>{children}</Suspense>
    </ScreenErrorBoundary>
  );
}

/** The app as it was before sign-in: the first-run redirect, onboarding, and every screen in the layout. */
function OpenApp() {
  const [location] = useLocation();
  const setup = useQuery(setupQuery());
  // Until the first run is completed or skipped once, the app opens on the wizard (issue 10).
  if (setup.data?.onboarding === 'needed' && location !== paths.onboarding) return <Redirect to={paths.onboarding} replace />;
  // Onboarding stands alone, outside the shared layout (part 1 §2 (docs/product.md#part-1-2)).
  if (location === paths.onboarding) {
    return (
      <StandAlone>
        <OnboardingPage />
      </StandAlone>
    );
  }
  return (
    <AppLayout>
      {/* Inside the layout: a screen that fails (say, its chunk no longer loads) leaves the sidebar usable. */}
      <ScreenErrorBoundary resetKey={location}>
        <Suspense fallback={<PageSkeleton />}>
          {/* The screens' code loads once the layout is on screen (ADR 20). */}
          <AfterFirstPaint fallback={<PageSkeleton />}>
            <Screens />
          </AfterFirstPaint>
        </Suspense>
      </ScreenErrorBoundary>
    </AppLayout>
  );
}
