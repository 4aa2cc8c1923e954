import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link } from 'wouter';
import type { NotificationSettings } from '../../../../shared/contracts/notifications';
import { CHANNEL_LABELS, NOTIFICATION_SWITCHES, SWITCH_LABELS } from '../../../../shared/rules/notifications';
import { knownTimeZone } from '../../../../shared/rules/patient';
import { COMMUNICATION_PREFERENCES } from '../../../../shared/rules/statuses';
import { paths } from '../../../app/paths';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { RadioFormField } from '../../../components/ui/radio-form-field';
import { TextFormField } from '../../../components/ui/text-form-field';
import { toast } from '../../../components/ui/use-toast';
import { useSaveNotificationSettings } from '../../../lib/api/notifications';
import { userQuery } from '../../../lib/api/users';
import { serverMessage } from '../../../lib/api-client';
import { usePatientId } from '../../../lib/patient-id';
import { channelsInUse, PREFERENCE_WORDS, refusedField, SettingsForm, startingValues, type SettingsInput, type SettingsValues } from '../settings-form';
import { SettingField } from './setting-field';

/** The page's three parts, saved together: the kinds, quiet hours, and the channels beyond the app. */
export function NotificationSettingsForm({ settings }: { settings: NotificationSettings }) {
  const patientId = usePatientId();
  const save = useSaveNotificationSettings(patientId);
  const form = useForm<SettingsInput, unknown, SettingsValues>({ resolver: zodResolver(SettingsForm), defaultValues: startingValues(settings) });
  const [refusal, setRefusal] = useState<string | null>(null);
  // The detailed switches follow the preference as it is being chosen, not only as saved.
  const communicationPreference = form.watch('communicationPreference');
  const channels = channelsInUse({ available: settings.available, communicationPreference });
  // Quiet hours are kept on the patient's clock: their profile's zone, else the server's machine's (rules/quiet-hours.ts).
  const { data: user } = useQuery(userQuery(patientId));
  const zone = knownTimeZone(user?.timeZone);
  const clock = zone ? `your clock (${zone.replaceAll('_', ' ')}, your profile's time zone)` : 'the clock of the machine HealthAssist runs on';

  function submit(values: SettingsValues) {
    if (save.isPending) return;
    setRefusal(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(startingValues(saved));
        toast({ title: 'Notification settings saved', description: 'Your changes have been saved.' });
      },
      onError: (error) => {
        const words = serverMessage(error);
        const field = refusedField(words);
        if (field) form.setError(field.path as Path<SettingsInput>, { message: field.message });
        setRefusal(`Your settings were not saved: ${words}`);
        toast({ title: 'Error', description: `Failed to save notification settings: ${words}`, variant: 'destructive' });
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Reminders</CardTitle>
            <CardDescription>A kind left unticked is neither shown here nor sent.</CardDescription>
          </CardHeader>
          <CardContent className="divide-y">
            {NOTIFICATION_SWITCHES.map((name) => (
              <SettingField key={name} control={form.control} name={`switches.${name}`} label={SWITCH_LABELS[name].label} hint={SWITCH_LABELS[name].hint} />
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Quiet hours</CardTitle>
            <CardDescription>
              Nothing is sent outside the app between these times on {clock}, except doses of a medication marked &ldquo;Remind even at
              night&rdquo;. Notifications still show here. The same time twice means no quiet hours.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextFormField control={form.control} name="quietHours.start" label="From" input={{ type: 'time', required: true }} />
            <TextFormField control={form.control} name="quietHours.end" label="To" input={{ type: 'time', required: true }} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Beyond the app</CardTitle>
            <CardDescription>
              Messages go by e-mail and text message as you choose here, and to ntfy or a webhook when this server is set up for them. By default
              they say no more than &ldquo;HealthAssist: you have a reminder (appointment tomorrow at 9:00)&rdquo; and a link.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <RadioFormField
              control={form.control}
              name="communicationPreference"
              label="Reach me by"
              options={COMMUNICATION_PREFERENCES.map((value) => ({ value, label: PREFERENCE_WORDS[value] }))}
              description={
                <>
                  E-mail goes to your profile&rsquo;s address and text messages to its phone number (
                  <Link href={paths.profile} className="font-medium text-foreground underline underline-offset-4">
                    My Profile
                  </Link>
                  ).
                </>
              }
            />
            {channels.length === 0 ? (
              <p className="text-sm text-muted-foreground">This server sends nothing beyond the app yet: whoever runs it can set up e-mail, text messages, ntfy or a webhook.</p>
            ) : (
              <div className="divide-y">
                {channels.map((channel) => (
                  <SettingField
                    key={channel}
                    control={form.control}
                    name={`detailed.${channel}`}
                    label={`Detailed reminders: ${CHANNEL_LABELS[channel]}`}
                    hint="Off by default: these messages never name a medication, a condition or a test."
                  />
                ))}
              </div>
            )}
          </CardContent>
        </Card>

        {/* The server's own words, where the patient looks when the toast has gone; role=alert, so a screen reader says them. */}
        {refusal && (
          <p role="alert" className="rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm font-medium">
            {refusal}
          </p>
        )}
        <SubmitButton pending={save.isPending}>{save.isPending ? 'Saving...' : 'Save Settings'}</SubmitButton>
      </form>
    </Form>
  );
}
