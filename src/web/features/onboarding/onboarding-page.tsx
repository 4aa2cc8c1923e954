import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { HeartPulse } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { usePatientId } from '../../lib/patient-id';
import { Button } from '../../components/ui/button';
import { SubmitButton } from '../../components/ui/submit-button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { insurancePlansQuery } from '../../lib/api/insurance';
import { sessionQuery } from '../../lib/api/session';
import { useSkipOnboarding } from '../../lib/api/setup-actions';
import { userQuery } from '../../lib/api/users';
import { serverMessage } from '../../lib/api-client';
import { paths } from '../../app/paths';
import { useCompleteOnboarding } from '../../lib/api/onboarding';
import { ProtectStep } from './components/protect-step';
import { RestoreBackup } from './components/restore-backup';
import { InsuranceStep, MedicalStep, PersonalStep, PreferencesStep } from './components/wizard-steps';
import { STEPS, startingAnswers, WizardForm, type WizardInput, type WizardValues } from './wizard-form';

const STEP_VIEWS = [PersonalStep, MedicalStep, InsuranceStep, PreferencesStep];

export default function OnboardingPage() {
  const patientId = usePatientId();
  const user = useQuery(userQuery(patientId));
  const plans = useQuery(insurancePlansQuery(patientId));
  // The answers start from what is stored once, when both reads have settled. Frozen then: on a first run the
  // patient read is a 404 and refetches after Complete Setup (back to pending, as it has no data), which must
  // not unmount the wizard mid-submit.
  const [initial, setInitial] = useState<WizardInput | null>(null);
  if (initial === null && !user.isPending && !plans.isPending) {
    setInitial(startingAnswers(user.data, plans.data?.find((plan) => plan.isPrimary)));
  }

  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-8 md:items-center">
      <div className="w-full max-w-2xl space-y-6">
        <div className="flex flex-col items-center gap-2 text-center">
          <HeartPulse className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Welcome to HealthAssist</h1>
          <p className="text-muted-foreground">A few questions to set up your health record. You can change every answer later.</p>
        </div>
        {initial === null ? (
          <Card aria-busy="true">
            <CardContent className="space-y-4 p-6">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </CardContent>
          </Card>
        ) : (
          <Wizard initial={initial} />
        )}
      </div>
    </main>
  );
}

function Wizard({ initial }: { initial: WizardInput }) {
  const patientId = usePatientId();
  const [step, setStep] = useState(0);
  const [, navigate] = useLocation();
  // While the app is open (no passphrase or passkey yet), the last step offers to protect the record (ADR 17).
  const { data: session } = useQuery(sessionQuery());
  const [protecting, setProtecting] = useState(false);
  const complete = useCompleteOnboarding();
  const skip = useSkipOnboarding();
  const form = useForm<WizardInput, unknown, WizardValues>({ resolver: zodResolver(WizardForm), defaultValues: initial });
  const current = STEPS[step]!;
  const StepView = STEP_VIEWS[step]!;
  const last = step === STEPS.length - 1;
  const moved = useRef(false);

  // Each step's first field takes focus when the step opens (not on the first load: the page starts at its top).
  useEffect(() => {
    if (moved.current) form.setFocus(current.first);
  }, [form, current.first]);

  async function next() {
    // Next validates only this step's group; the messages of the others stay hidden until their turn.
    if (!(await form.trigger(current.group, { shouldFocus: true }))) return;
    moved.current = true;
    setStep((value) => value + 1);
  }

  function submit(values: WizardValues) {
    if (complete.isPending) return;
    complete.mutate(
      { userId: patientId, ...values },
      {
        onSuccess: () => {
          toast({ title: 'Welcome to HealthAssist!', description: 'Your account has been set up successfully.' });
          if (session?.access === 'open') setProtecting(true);
          else navigate(paths.dashboard);
        },
        onError: (error) =>
          toast({ title: 'An error occurred', description: `Could not complete setup: ${serverMessage(error)}`, variant: 'destructive' }),
      },
    );
  }

  if (protecting) return <ProtectStep onDone={() => navigate(paths.dashboard)} />;

  const stepLabel = `Step ${step + 1} of ${STEPS.length}`;
  return (
    <>
      {step === 0 && <RestoreBackup onRestored={() => (session?.access === 'open' ? setProtecting(true) : navigate(paths.dashboard))} />}
      <Card>
        <CardHeader className="space-y-3">
          <div className="flex items-center justify-between text-sm text-muted-foreground">
            {/* Announced as the step changes, with the step's name. */}
            <p aria-live="polite">
              {stepLabel}
              <span className="sr-only">: {current.title}</span>
            </p>
            {/* The skip is remembered on the server, so the app stops opening on the wizard. */}
            <Button
              type="button"
              variant="link"
              className="h-auto p-0 text-muted-foreground"
              disabled={skip.isPending}
              onClick={() =>
                skip.mutate(undefined, {
                  onSuccess: () => navigate(paths.dashboard),
                  onError: (error) => toast({ title: 'Error', description: `Could not skip setup: ${serverMessage(error)}`, variant: 'destructive' }),
                })
              }
            >
              Skip for now
            </Button>
          </div>
          <Progress aria-label={stepLabel} value={((step + 1) / STEPS.length) * 100} />
          <CardTitle className="pt-2 text-lg">{current.title}</CardTitle>
        </CardHeader>
        <CardContent>
          <Form {...form}>
            <form
              noValidate
              className="space-y-6"
              onSubmit={(event) => {
                event.preventDefault();
                if (last) void form.handleSubmit(submit)(event);
                else void next();
              }}
            >
              <StepView />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                {step > 0 ? (
                  <Button type="button" variant="outline" onClick={() => setStep((value) => value - 1)} disabled={complete.isPending}>
                    Back
                  </Button>
                ) : (
                  <span />
                )}
                <SubmitButton pending={complete.isPending}>{last ? (complete.isPending ? 'Submitting...' : 'Complete Setup') : 'Next'}</SubmitButton>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
