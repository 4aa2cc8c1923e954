import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { NotFound } from '../layout/not-found';
import { paths } from './paths';

// One lazily loaded chunk per screen. A screen whose issue has not landed is not registered: it is a 404.
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const RecordsPage = lazy(() => import('../features/records/records-page'));
const MedicationsPage = lazy(() => import('../features/medications/medications-page'));
const VitalsPage = lazy(() => import('../features/observations/vitals-page'));
const LabResultsPage = lazy(() => import('../features/observations/lab-results-page'));
const ActivityPage = lazy(() => import('../features/activity/activity-page'));
const InsurancePage = lazy(() => import('../features/insurance/insurance-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const PreventativePage = lazy(() => import('../features/preventative/preventative-page'));
const AppointmentsPage = lazy(() => import('../features/appointments/appointments-page'));
const ChatPage = lazy(() => import('../features/chat/chat-page'));
const WorkflowChatPage = lazy(() => import('../features/workflow-chat/workflow-chat-page'));
const SecurityPage = lazy(() => import('../features/security/security-page'));
const NotificationSettingsPage = lazy(() => import('../features/notifications/notification-settings-page'));
/** The first-run wizard's module: it stands outside the layout (routes.tsx), but its chunk is named here, after the first paint. */
export const loadOnboardingPage = () => import('../features/onboarding/onboarding-page');
// The screens' tooltips: their code comes with the screens', not with the first paint (ADR 20).
const ScreenTooltips = lazy(() => import('../components/ui/tooltip-provider'));

/**
 * The screens inside the shared layout, by address. This table, and the list of each screen's chunks that comes
 * with it, loads once the layout is on screen (ADR 20): the first paint does not need it.
 */
export default function Screens() {
  return (
    <ScreenTooltips>
      <Switch>
        <Route path={paths.dashboard} component={DashboardPage} />
        <Route path={paths.records} component={RecordsPage} />
        <Route path={paths.medications} component={MedicationsPage} />
        <Route path={paths.vitals} component={VitalsPage} />
        <Route path={paths.labResults} component={LabResultsPage} />
        <Route path={paths.activity} component={ActivityPage} />
        <Route path={paths.insurance} component={InsurancePage} />
        <Route path={paths.preventative} component={PreventativePage} />
        <Route path={paths.appointments} component={AppointmentsPage} />
        <Route path={paths.chat} component={ChatPage} />
        <Route path={paths.workflowChat} component={WorkflowChatPage} />
        <Route path={paths.profile} component={ProfilePage} />
        <Route path={paths.security} component={SecurityPage} />
        <Route path={paths.notifications} component={NotificationSettingsPage} />
        <Route component={NotFound} />
      </Switch>
    </ScreenTooltips>
  );
}
