import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { notificationSettingsQuery } from '../../lib/api/notifications';
import { usePatientId } from '../../lib/patient-id';
import { useHeadingFocus } from '../../lib/use-heading-focus';
import { NotificationSettingsForm } from './components/notification-settings-form';

/**
 * Settings → Notifications (issue 33): which kinds of notification come, quiet hours, and per channel whether a
 * message outside the app may name what it is about. Reached from the Settings dialog and the bell's panel.
 */
export default function NotificationSettingsPage() {
  const patientId = usePatientId();
  const settings = useQuery(notificationSettingsQuery(patientId));
  const heading = useHeadingFocus();

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none md:text-3xl">
          Notifications
        </h1>
        <p className="mt-1 text-muted-foreground">Which reminders come, when, and what they may say outside the app.</p>
      </div>
      {settings.isPending ? (
        <Card aria-busy="true">
          <CardHeader>
            <CardTitle>Reminders</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </CardContent>
        </Card>
      ) : settings.isError ? (
        <p className="text-muted-foreground">Could not load your notification settings right now.</p>
      ) : (
        <NotificationSettingsForm settings={settings.data} />
      )}
    </div>
  );
}
