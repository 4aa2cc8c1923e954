import { memo } from 'react';
import type { MeasureKind, UnitSystem } from '../../../../shared/rules/measures';
import { measuresOfKind } from '../../../../shared/rules/measures';
import { readingWords } from '../../../../shared/rules/observations';
import { usePatientZone } from '../../../components/medications/patient-clock';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useSaveObservation } from '../../../lib/api/observations';
import { cn } from '../../../lib/cn';
import { usePatientId } from '../../../lib/patient-id';
import { usePatientToday } from '../../../lib/use-patient-today';
import { ReadingFields } from './on-demand';
import { readingDefaults, type ReadingToSave } from './reading-values';

interface QuickEntryCardProps {
  kind: MeasureKind;
  /** The patient's units, null until their profile has loaded (the form starts in them). */
  system: UnitSystem | null;
  /** After a save: the measure saved, which the page then charts. */
  onRecorded(code: string): void;
}

/**
 * Record a reading or a result in one line. A memo: the page re-renders as its reads arrive, and the form is the most a
 * phone builds on this screen; it re-renders only for its own props.
 */
export const QuickEntryCard = memo(function QuickEntryCard({ kind, system, onRecorded }: QuickEntryCardProps) {
  const patientId = usePatientId();
  const zone = usePatientZone();
  const today = usePatientToday();
  const save = useSaveObservation(patientId);
  const vitals = kind === 'vital-sign';

  async function record(reading: ReadingToSave) {
    const saved = await save.mutateAsync({ observationId: null, body: { userId: patientId, ...reading, source: 'patient' } }).catch((error: unknown) => {
      toast({ title: 'Error', description: `Failed to save the reading: ${serverMessage(error)}`, variant: 'destructive' });
      throw error;
    });
    toast({ title: 'Reading saved', description: `${saved.name}: ${readingWords(saved)}` });
    onRecorded(saved.code);
  }

  return (
    <Card aria-labelledby="quick-entry-heading">
      <CardHeader>
        <CardTitle id="quick-entry-heading">{vitals ? 'Record a reading' : 'Record a result'}</CardTitle>
        <CardDescription>{vitals ? 'Blood pressure in one line: 128/82.' : "Type the number as the report gives it, with its '<' or '>'."}</CardDescription>
      </CardHeader>
      <CardContent>
        {system ? (
          <ReadingFields
            key={system}
            fallback={<FormSkeleton kind={kind} />}
            kind={kind}
            defaults={readingDefaults(measuresOfKind(kind)[0]!.loinc, system, zone)}
            system={system}
            zone={zone}
            today={today}
            pending={save.isPending}
            saveLabel="Save Reading"
            onSave={record}
            resetAfterSave
          />
        ) : (
          <FormSkeleton kind={kind} />
        )}
      </CardContent>
    </Card>
  );
});

/**
 * The form's height at each width (five fields stacked, two columns, one row, where blood pressure's longer label takes
 * two lines): nothing below moves when it comes.
 */
const FormSkeleton = ({ kind }: { kind: MeasureKind }) => (
  <Skeleton className={cn('h-[27rem] w-full sm:h-[17.5rem]', kind === 'vital-sign' ? 'lg:h-[5.5rem]' : 'lg:h-16')} />
);
