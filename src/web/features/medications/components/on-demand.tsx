import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { FromProfileCard as FromProfileCardCode } from './from-profile-card';
import type { MedicationDialog as MedicationDialogCode } from './medication-dialog';
import type { StopMedicationDialog as StopMedicationDialogCode } from './stop-medication-dialog';

// The page's forms load when the patient first asks for one, not with the lists: they bring react-hook-form, zod and
// the date picker, and a patient who opens the page to read their list should not wait for them (ADR 20).
const MedicationDialogLazy = lazy(() => import('./medication-dialog').then(({ MedicationDialog }) => ({ default: MedicationDialog })));
const StopMedicationDialogLazy = lazy(() =>
  import('./stop-medication-dialog').then(({ StopMedicationDialog }) => ({ default: StopMedicationDialog })),
);
const FromProfileCardLazy = lazy(() => import('./from-profile-card').then(({ FromProfileCard }) => ({ default: FromProfileCard })));

/** Add and Edit Medication, loaded when first opened and kept mounted after, to animate its closing. */
export function MedicationDialog(props: ComponentProps<typeof MedicationDialogCode>) {
  const opened = useOpenedOnce(props.edit !== null);
  return opened ? (
    <Suspense fallback={null}>
      <MedicationDialogLazy {...props} />
    </Suspense>
  ) : null;
}

/** Stop, loaded when first asked for and kept mounted after. */
export function StopMedicationDialog(props: ComponentProps<typeof StopMedicationDialogCode>) {
  const opened = useOpenedOnce(props.medication !== null);
  return opened ? (
    <Suspense fallback={null}>
      <StopMedicationDialogLazy {...props} />
    </Suspense>
  ) : null;
}

/** The offer to turn the profile's text into medications, with a placeholder of its height while its code comes. */
export function FromProfileCard(props: ComponentProps<typeof FromProfileCardCode>) {
  return (
    <Suspense fallback={<Skeleton className="h-56 w-full" />}>
      <FromProfileCardLazy {...props} />
    </Suspense>
  );
}
