import { lazy, Suspense, type ComponentProps } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once';
import type { SkipDoseDialog as SkipDoseDialogCode, TakenAtDialog as TakenAtDialogCode } from './dose-dialogs';

// The dose dialogs load when the patient first asks for one, not with the dashboard: they bring the date picker,
// react-hook-form and zod, and one-tap Taken needs none of them (ADR 20).
const TakenAtDialogLazy = lazy(() => import('./dose-dialogs').then(({ TakenAtDialog }) => ({ default: TakenAtDialog })));
const SkipDoseDialogLazy = lazy(() => import('./dose-dialogs').then(({ SkipDoseDialog }) => ({ default: SkipDoseDialog })));

/** 'Taken at another time', loaded when first opened and kept mounted after, to animate its closing. */
export function TakenAtDialog(props: ComponentProps<typeof TakenAtDialogCode>) {
  const opened = useOpenedOnce(props.title !== null);
  return opened ? (
    <Suspense fallback={null}>
      <TakenAtDialogLazy {...props} />
    </Suspense>
  ) : null;
}

/** 'Skip…', loaded when first opened and kept mounted after. */
export function SkipDoseDialog(props: ComponentProps<typeof SkipDoseDialogCode>) {
  const opened = useOpenedOnce(props.title !== null);
  return opened ? (
    <Suspense fallback={null}>
      <SkipDoseDialogLazy {...props} />
    </Suspense>
  ) : null;
}
