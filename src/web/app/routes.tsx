import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { AppLayout } from '../layout/app-layout';
import { NotFound } from '../layout/not-found';
import { PageSkeleton } from '../layout/page-skeleton';
import { ScreenErrorBoundary } from '../layout/screen-error-boundary';
import { setupQuery } from '../lib/api/setup';
import { paths } from './paths';

// One lazily loaded chunk per screen. A screen whose issue has not landed is not registered: it is a 404.
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const RecordsPage = lazy(() => import('../features/records/records-page'));
const InsurancePage = lazy(() => import('../features/insurance/insurance-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const PreventativePage = lazy(() => import('../features/preventative/preventative-page'));
const AppointmentsPage = lazy(() => import('../features/appointments/appointments-page'));
const OnboardingPage = lazy(() => import('../features/onboarding/onboarding-page'));
const ChatPage = lazy(() => import('../features/chat/chat-page'));
const WorkflowChatPage = lazy(() => import('../features/workflow-chat/workflow-chat-page'));
const SecurityPage = lazy(() => import('../features/security/security-page'));

export function AppRoutes() {
  const [location] = useLocation();
  const setup = useQuery(setupQuery());
  // Until the first run is completed or skipped once, the app opens on the wizard (issue 10).
  if (setup.data?.onboarding === 'needed' && location !== paths.onboarding) return <Redirect to={paths.onboarding} replace />;
  // Onboarding stands alone, outside the shared layout (part 1 §2).
  if (location === paths.onboarding) {
    return (
      <ScreenErrorBoundary resetKey={location}>
        <Suspense fallback={<PageSkeleton />}>
          <OnboardingPage />
        </Suspense>
      </ScreenErrorBoundary>
    );
  }
  return (
    <AppLayout>
      {/* Inside the layout: a screen that fails (say, its chunk no longer loads) leaves the sidebar usable. */}
      <ScreenErrorBoundary resetKey={location}>
        <Suspense fallback={<PageSkeleton />}>
          <Switch>
            <Route path={paths.dashboard} component={DashboardPage} />
            <Route path={paths.records} component={RecordsPage} />
            <Route path={paths.insurance} component={InsurancePage} />
            <Route path={paths.preventative} component={PreventativePage} />
            <Route path={paths.appointments} component={AppointmentsPage} />
            <Route path={paths.chat} component={ChatPage} />
            <Route path={paths.workflowChat} component={WorkflowChatPage} />
            <Route path={paths.profile} component={ProfilePage} />
            <Route path={paths.security} component={SecurityPage} />
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </ScreenErrorBoundary>
    </AppLayout>
  );
}
