import { useQuery } from '@tanstack/react-query';
import { Pill, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Adherence, AdherenceFigures, Medication } from '../../../shared/contracts/medications';
import { percentOf } from '../../../shared/rules/formats';
import { paths } from '../../app/paths';
import { adherenceWords, isPastMedication } from '../../components/medications/medication-words';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import { adherenceQuery, medicationsQuery, useLogDose, useSaveMedication } from '../../lib/api/medications';
import { userQuery } from '../../lib/api/users';
import { usePatientId } from '../../lib/patient-id';
import { usePatientToday } from '../../lib/use-patient-today';
import { useReturnFocus } from '../../lib/use-return-focus';
import type { MedicationEdit } from './components/medication-dialog';
import { MedicationItem, type MedicationActions } from './components/medication-item';
import { RemoveMedicationDialog } from './components/remove-medication-dialog';
import { FromProfileCard, MedicationDialog, StopMedicationDialog } from './components/on-demand';
import { offerDismissed } from './offer-dismissal';

const ACTIVE_HEADING = 'active-medications-heading';
const PAST_HEADING = 'past-medications-heading';

/** The Medications page (issue 32): the active and past lists, each medication's schedule, log and adherence. */
export default function MedicationsPage() {
  const patientId = usePatientId();
  const today = usePatientToday();
  const medications = useQuery(medicationsQuery(patientId));
  const adherence = useQuery(adherenceQuery(patientId));
  const user = useQuery(userQuery(patientId));
  const save = useSaveMedication(patientId);
  const log = useLogDose(patientId);
  const [editing, setEditing] = useState<MedicationEdit | null>(null);
  const [stopping, setStopping] = useState<Medication | null>(null);
  const [removing, setRemoving] = useState<Medication | null>(null);
  const [dismissed, setDismissed] = useState(() => offerDismissed(patientId));
  const focus = useReturnFocus(ACTIVE_HEADING);
  const stopFocus = useReturnFocus(PAST_HEADING);

  const all = medications.data;
  const active = all?.filter((medication) => !isPastMedication(medication, today));
  const past = all?.filter((medication) => isPastMedication(medication, today));
  const profileText = user.data?.medications?.trim() || null;
  // Each medication's figures: 'loading' keeps their place until they come; none when they could not.
  const adherenceFigures = adherence.data ?? (adherence.isError ? null : 'loading');
  const offer = profileText !== null && all !== undefined && all.length === 0 && !dismissed;

  const add = () => {
    focus.remember();
    setEditing({ medication: null });
  };

  const actions: MedicationActions = {
    onEdit(medication) {
      focus.remember();
      setEditing({ medication });
    },
    onStop(medication) {
      stopFocus.remember();
      setStopping(medication);
    },
    onRemove(medication) {
      focus.remember();
      setRemoving(medication);
    },
    onStatus(medication, status) {
      if (save.isPending) return;
      save.mutate(
        { medicationId: medication.id, body: { status } },
        {
          onSuccess: () =>
            toast(
              status === 'paused'
                ? { title: 'Medication paused', description: `No doses of ${medication.name} are due until you resume it.` }
                : { title: 'Medication resumed', description: `${medication.name} is active again.` },
            ),
          onError: (error) => toast({ title: 'Error', description: `Failed to update medication: ${serverMessage(error)}`, variant: 'destructive' }),
          // The button pressed is gone (Pause became Resume): focus to the medication's own heading.
          onSettled: () => document.querySelector<HTMLElement>(`[data-medication="${medication.id}"] h3`)?.focus(),
        },
      );
    },
    onLogDose(medication) {
      if (log.isPending) return;
      log.mutate(
        { medicationId: medication.id, status: 'taken' },
        {
          onSuccess: () => toast({ title: 'Dose logged', description: `A dose of ${medication.name} was logged as taken.` }),
          onError: (error) => toast({ title: 'Error', description: `Failed to log the dose: ${serverMessage(error)}`, variant: 'destructive' }),
        },
      );
    },
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Medications</h1>
          <p className="mt-1 text-muted-foreground">What you take, when you take it, and what you took</p>
        </div>
        <Button onClick={add}>
          <Plus aria-hidden="true" />
          Add Medication
        </Button>
      </div>

      {offer && <FromProfileCard text={profileText} onDismiss={() => setDismissed(true)} />}

      {/* One column on a phone (adherence, the lists, the profile's text); from lg up the lists, with the two beside them. */}
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <AdherenceCard adherence={adherence.data} failed={adherence.isError} className="lg:col-start-3 lg:row-start-1" />
        <div className="space-y-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ListCard
            headingId={ACTIVE_HEADING}
            title="Active medications"
            medications={active}
            past={false}
            failed={medications.isError}
            adherence={adherenceFigures}
            actions={actions}
            empty={
              <EmptyState
                icon={Pill}
                title="No active medications"
                description="Add the medicines you take, with when you take them, to log each dose."
                action={
                  <Button onClick={add}>
                    <Plus aria-hidden="true" />
                    Add Medication
                  </Button>
                }
              />
            }
          />
          {/* Only once the lists are here: a Past card below the loading Active one would be pushed down as it fills. */}
          {(past !== undefined || medications.isError) && (
            <ListCard
              headingId={PAST_HEADING}
              title="Past medications"
              medications={past}
              past
              failed={medications.isError}
              adherence={adherenceFigures}
              actions={actions}
              empty={<p className="text-sm text-muted-foreground">Medications you stop, or whose course ends, are kept here.</p>}
            />
          )}
        </div>
        {profileText && <ProfileTextCard text={profileText} className="lg:col-start-3 lg:row-start-2" />}
      </div>

      <MedicationDialog edit={editing} onClose={() => setEditing(null)} onCloseAutoFocus={focus.restore} />
      <StopMedicationDialog medication={stopping} onClose={() => setStopping(null)} onCloseAutoFocus={stopFocus.restore} />
      <RemoveMedicationDialog medication={removing} onClose={() => setRemoving(null)} onCloseAutoFocus={focus.restore} />
    </div>
  );
}

interface ListCardProps {
  headingId: string;
  title: string;
  /** undefined while loading. */
  medications: Medication[] | undefined;
  /** The Past list (stopped, or ended before today), else the Active one. */
  past: boolean;
  failed: boolean;
  /** 'loading' until it comes; null when it could not. */
  adherence: Adherence | 'loading' | null;
  actions: MedicationActions;
  empty: ReactNode;
}

function ListCard({ headingId, title, medications, past, failed, adherence, actions, empty }: ListCardProps) {
  return (
    <Card aria-labelledby={headingId} aria-busy={!failed && !medications}>
      <CardHeader>
        <CardTitle id={headingId} tabIndex={-1} className="outline-none">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load your medications right now.</p>
        ) : !medications ? (
          <div className="space-y-3">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        ) : medications.length === 0 ? (
          empty
        ) : (
          <ul aria-labelledby={headingId} className="-mb-4 -mt-2 divide-y">
            {medications.map((medication) => (
              <li key={medication.id} data-medication={medication.id}>
                <MedicationItem
                  medication={medication}
                  adherence={
                    adherence === 'loading' ? adherence : adherence?.medications.find((figures) => figures.medicationId === medication.id)
                  }
                  past={past}
                  {...actions}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function AdherenceCard({ adherence, failed, className }: { adherence: Adherence | undefined; failed: boolean; className?: string }) {
  return (
    <Card aria-labelledby="adherence-heading" aria-busy={!failed && !adherence} className={className}>
      <CardHeader>
        <CardTitle id="adherence-heading">Adherence</CardTitle>
        <CardDescription>Doses taken of the doses due, across your medications; doses taken as needed are not counted.</CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load your adherence right now.</p>
        ) : !adherence ? (
          // The height of the figures it stands for, so that what follows does not move when they come.
          <Skeleton className="h-[4.75rem] w-full" />
        ) : (
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <AdherenceFigure label="Last 7 days" figures={adherence.overall.days7} />
            <AdherenceFigure label="Last 30 days" figures={adherence.overall.days30} />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

/** One window's figure: the percentage large, the doses under it ('No doses due' when none was). */
function AdherenceFigure({ label, figures }: { label: string; figures: AdherenceFigures }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      {figures.due === 0 ? (
        <dd className="mt-1 font-medium">{adherenceWords(figures)}</dd>
      ) : (
        <dd className="mt-1">
          <span className="block text-2xl font-bold tabular-nums">{percentOf(figures.taken, figures.due)}%</span>
          <span className="text-muted-foreground">
            {figures.taken} of {figures.due} {figures.due === 1 ? 'dose' : 'doses'}
          </span>
        </dd>
      )}
    </div>
  );
}

/** The profile's free-text medications, beside the list: it stays in the profile, for what is not itemised. */
function ProfileTextCard({ text, className }: { text: string; className?: string }) {
  return (
    <Card aria-labelledby="profile-medications-heading" className={className}>
      <CardHeader>
        <CardTitle id="profile-medications-heading">In your profile</CardTitle>
        <CardDescription>The medications text of your profile, as you wrote it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="whitespace-pre-line break-words text-sm">{text}</p>
        <Link
          href={paths.profile}
          className="inline-block rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Edit in My Profile
        </Link>
      </CardContent>
    </Card>
  );
}
