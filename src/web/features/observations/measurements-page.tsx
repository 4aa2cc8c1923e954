import { useQuery } from '@tanstack/react-query';
import { Activity, FlaskConical, Upload } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { UNIT_SYSTEMS, type MeasureKind, type UnitSystem } from '../../../shared/rules/measures';
import { UNIT_SYSTEM_WORDS } from '../../../shared/rules/unit-systems';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import { latestObservationsQuery, type TrendPeriod } from '../../lib/api/observations';
import { useUpdateProfile } from '../../lib/api/profile';
import { userQuery } from '../../lib/api/users';
import { usePatientId } from '../../lib/patient-id';
import { useReturnFocus } from '../../lib/use-return-focus';
import { LatestReadings } from './components/latest-readings';
import { QuickEntryCard } from './components/quick-entry-card';
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
  const user = useQuery(userQuery(patientId));
  const latest = useQuery(latestObservationsQuery(patientId, kind));
  // The sections are built from deferred copies of the page's two reads: as a read arrives, React builds what it
  // brings (the form, the tiles, the list) in a render it can pause, so a slow phone does not freeze while it loads.
  const system = useDeferredValue(user.data?.unitSystem ?? null);
  const readings = useDeferredValue(latest.data);
  const [chosen, setChosen] = useState<string | null>(null);
  const [period, setPeriod] = useState<TrendPeriod>('90d');
  const [importing, setImporting] = useState(false);
  const importFocus = useReturnFocus('measurements-heading');
  const page = PAGE[kind];
  // The trend shows the measure chosen, else the newest reading's, else none until there is one.
  const charted = chosen ?? readings?.[0]?.code ?? null;

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

      <QuickEntryCard kind={kind} system={system} onRecorded={setChosen} />

      {latest.isError ? (
        <p className="text-sm text-muted-foreground">Could not load your readings right now.</p>
      ) : !readings || !system ? (
        <Skeleton className="h-28 w-full" />
      ) : readings.length === 0 ? (
        <EmptyState icon={page.icon} title={kind === 'vital-sign' ? 'No readings yet' : 'No lab results yet'} description={page.empty} />
      ) : (
        <>
          <LatestReadings readings={readings} charted={charted} onChart={setChosen} />
          <ScreeningSuggestions readings={readings} />
          {charted && <TrendCard code={charted} period={period} onPeriod={setPeriod} />}
          <ReadingsList kind={kind} system={system} />
        </>
      )}

      {readings && system && <UnitsCard system={system} />}

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

/**
 * Metric or US: the profile's preference, changed here where its effect is seen. It comes with the readings, last, so
 * that nothing on screen moves down when they arrive.
 */
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
