import { useQuery } from '@tanstack/react-query';
import { Activity, FlaskConical, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Observation } from '../../../shared/contracts/observations';
import { measuresOfKind, UNIT_SYSTEMS, type MeasureKind, type UnitSystem } from '../../../shared/rules/measures';
import { UNIT_SYSTEM_WORDS } from '../../../shared/rules/unit-systems';
import { usePatientZone } from '../../components/medications/patient-clock';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import { latestObservationsQuery, useSaveObservation, type TrendPeriod } from '../../lib/api/observations';
import { useUpdateProfile } from '../../lib/api/profile';
import { userQuery } from '../../lib/api/users';
import { usePatientId } from '../../lib/patient-id';
import { usePatientToday } from '../../lib/use-patient-today';
import { readingWords } from '../../../shared/rules/observations';
import { useReturnFocus } from '../../lib/use-return-focus';
import { LatestReadings } from './components/latest-readings';
import { ReadingFields, readingDefaults } from './components/reading-form';
import { ReadingsList } from './components/readings-list';
import { ScreeningSuggestions } from './components/screening-suggestions';
import { TrendCard } from './components/trend-card';

// The import dialog, its parsing and its preview load when the patient opens it.
const CsvImportDialog = lazy(() => import('./components/csv-import-dialog'));

const PAGE = {
  'vital-sign': {
    title: 'Vitals',
    description: 'Blood pressure, weight, heart rate and the rest, with their trends',
    icon: Activity,
    empty: 'Record a reading above, or import a CSV file from your blood-pressure cuff, scale or meter.',
  },
  laboratory: {
    title: 'Lab Results',
    description: 'Your test results with their ranges, and how they change over time',
    icon: FlaskConical,
    empty: 'Record a result above, import a CSV file from your lab, or a FHIR file from your hospital (Settings).',
  },
} as const;

/** The Vitals and Lab Results pages (issue 35): quick entry, the newest of each measure, a trend and the readings. */
export function MeasurementsPage({ kind }: { kind: MeasureKind }) {
  const patientId = usePatientId();
  const zone = usePatientZone();
  const today = usePatientToday();
  const user = useQuery(userQuery(patientId));
  const latest = useQuery(latestObservationsQuery(patientId, kind));
  const save = useSaveObservation(patientId);
  const system: UnitSystem = user.data?.unitSystem ?? 'us';
  const [chosen, setChosen] = useState<string | null>(null);
  const [period, setPeriod] = useState<TrendPeriod>('90d');
  const [importing, setImporting] = useState(false);
  const importFocus = useReturnFocus('measurements-heading');
  const page = PAGE[kind];
  const first = measuresOfKind(kind)[0]!.loinc;
  // The trend shows the measure chosen, else the newest reading's, else none until there is one.
  const charted = chosen ?? latest.data?.[0]?.code ?? null;

  async function record(reading: { code: string; takenAt: string; value: Observation['value'] }) {
    const saved = await save.mutateAsync({ observationId: null, body: { userId: patientId, ...reading, source: 'patient' } }).catch((error: unknown) => {
      toast({ title: 'Error', description: `Failed to save the reading: ${serverMessage(error)}`, variant: 'destructive' });
      throw error;
    });
    toast({ title: 'Reading saved', description: `${saved.name}: ${readingWords(saved)}` });
    setChosen(saved.code);
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 id="measurements-heading" tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none md:text-3xl">
            {page.title}
          </h1>
          <p className="mt-1 text-muted-foreground">{page.description}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => {
            importFocus.remember();
            setImporting(true);
          }}
        >
          <Upload aria-hidden="true" />
          Import CSV
        </Button>
      </div>

      <Card aria-labelledby="quick-entry-heading">
        <CardHeader>
          <CardTitle id="quick-entry-heading">{kind === 'vital-sign' ? 'Record a reading' : 'Record a result'}</CardTitle>
          <CardDescription>{kind === 'vital-sign' ? 'Blood pressure in one line: 128/82.' : "Type the number as the report gives it, with its '<' or '>'."}</CardDescription>
        </CardHeader>
        <CardContent>
          {user.data ? (
            <ReadingFields
              key={system}
              kind={kind}
              defaults={readingDefaults(first, system, zone)}
              system={system}
              zone={zone}
              today={today}
              pending={save.isPending}
              saveLabel="Save Reading"
              onSave={record}
              resetAfterSave
            />
          ) : (
            <Skeleton className="h-16 w-full" />
          )}
        </CardContent>
      </Card>

      {latest.isError ? (
        <p className="text-sm text-muted-foreground">Could not load your readings right now.</p>
      ) : !latest.data ? (
        <Skeleton className="h-28 w-full" />
      ) : latest.data.length === 0 ? (
        <EmptyState icon={page.icon} title={kind === 'vital-sign' ? 'No readings yet' : 'No lab results yet'} description={page.empty} />
      ) : (
        <>
          <LatestReadings readings={latest.data} charted={charted} onChart={setChosen} />
          <ScreeningSuggestions readings={latest.data} />
          {charted && <TrendCard code={charted} period={period} onPeriod={setPeriod} />}
          <ReadingsList kind={kind} system={system} />
        </>
      )}

      <UnitsCard system={system} />

      {importing && (
        <Suspense fallback={null}>
          <CsvImportDialog
            onClose={() => setImporting(false)}
            onCloseAutoFocus={importFocus.restore}
            onImported={(code) => code && setChosen(code)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Metric or US: the profile's preference, changed here where its effect is seen. */
function UnitsCard({ system }: { system: UnitSystem }) {
  const update = useUpdateProfile();
  function choose(value: string) {
    if (update.isPending || value === system) return;
    update.mutate(
      { unitSystem: value as UnitSystem },
      {
        onSuccess: () => toast({ title: 'Units changed', description: `Readings are shown in ${value === 'metric' ? 'metric' : 'US'} units.` }),
        onError: (error) => toast({ title: 'Error', description: `Failed to change units: ${serverMessage(error)}`, variant: 'destructive' }),
      },
    );
  }
  return (
    <Card aria-labelledby="units-heading">
      <CardHeader>
        <CardTitle id="units-heading">Units</CardTitle>
        <CardDescription>How your readings are shown. Each reading also keeps the unit it was given in.</CardDescription>
      </CardHeader>
      <CardContent>
        <RadioGroup value={system} onValueChange={choose} aria-labelledby="units-heading" className="flex flex-col gap-3 sm:flex-row sm:gap-6">
          {UNIT_SYSTEMS.map((value) => (
            <div key={value} className="flex items-center gap-2">
              <RadioGroupItem value={value} id={`units-${value}`} />
              <Label htmlFor={`units-${value}`}>{UNIT_SYSTEM_WORDS[value]}</Label>
            </div>
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  );
}
