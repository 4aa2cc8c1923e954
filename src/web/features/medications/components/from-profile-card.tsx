import { ListPlus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { medicationDraftsFromText, type MedicationDraft } from '../../../../shared/rules/medication-text';
import { FORM_LABELS, medicationTitle, scheduleWords } from '../../../components/medications/medication-words';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { SubmitButton } from '../../../components/ui/submit-button';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useCreateMedications } from '../../../lib/api/medications';
import { usePatientId } from '../../../lib/patient-id';
import { rememberDismissal } from '../offer-dismissal';

interface FromProfileCardProps {
  /** The profile's free-text medications. */
  text: string;
  onDismiss(): void;
}

/**
 * The offer, the first time the Medications page opens with the profile's free text filled in and no medication yet:
 * each item of the text as a draft the patient can untick, then added as medications. The profile's text is not
 * changed. Saying no is remembered (in this browser, for this patient).
 */
export function FromProfileCard({ text, onDismiss }: FromProfileCardProps) {
  const patientId = usePatientId();
  const drafts = useMemo(() => medicationDraftsFromText(text), [text]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(drafts.map((_, index) => index)));
  const create = useCreateMedications(patientId);
  const headingId = useId();
  const idPrefix = useId();
  if (drafts.length === 0) return null;
  const count = chosen.size;

  function dismiss() {
    rememberDismissal(patientId);
    onDismiss();
  }

  function add() {
    if (create.isPending) return;
    if (count === 0) {
      toast({ title: 'Nothing chosen', description: 'Tick the medications to add, or choose No thanks.' });
      return;
    }
    const bodies = drafts.filter((_, index) => chosen.has(index)).map((draft) => ({ userId: patientId, ...bodyOf(draft) }));
    // Awaited rather than mutate's callbacks: once the medications exist the offer is gone, and with it its callbacks.
    create.mutateAsync(bodies).then(
      (created) =>
        toast({
          title: 'Medications added',
          description: `${created.length} ${created.length === 1 ? 'medication was' : 'medications were'} added from your profile. Check each schedule.`,
        }),
      (error: unknown) => toast({ title: 'Error', description: `Failed to add medications: ${serverMessage(error)}`, variant: 'destructive' }),
    );
  }

  return (
    <Card aria-labelledby={headingId} className="border-primary/40">
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2 leading-tight">
          <ListPlus aria-hidden="true" className="size-5 text-primary" />
          Add the medications from your profile?
        </CardTitle>
        <CardDescription>
          Your profile lists your medications as text. Each item can become a medication with its own schedule: untick any you
          do not want, and check the schedules after. Your profile's text stays as it is.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
          className="space-y-4"
        >
          <ul className="space-y-3">
            {drafts.map((draft, index) => {
              const id = `${idPrefix}-${index}`;
              return (
                <li key={id} className="flex items-start gap-3">
                  <Checkbox
                    id={id}
                    className="mt-0.5"
                    checked={chosen.has(index)}
                    onCheckedChange={(checked) =>
                      setChosen((previous) => {
                        const next = new Set(previous);
                        if (checked === true) next.add(index);
                        else next.delete(index);
                        return next;
                      })
                    }
                    aria-describedby={`${id}-details`}
                  />
                  <div className="min-w-0 text-sm">
                    <Label htmlFor={id} className="break-words">
                      {medicationTitle(draft)}
                    </Label>
                    <p id={`${id}-details`} className="mt-1 text-muted-foreground">
                      {draftDetails(draft)}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={dismiss} disabled={create.isPending}>
              No thanks
            </Button>
            <SubmitButton pending={create.isPending}>
              {create.isPending ? 'Adding...' : `Add ${count} ${count === 1 ? 'Medication' : 'Medications'}`}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const bodyOf = ({ name, strength, form, schedule, instructions }: MedicationDraft) => ({ name, strength, form, schedule, instructions });

function draftDetails(draft: MedicationDraft): string {
  const schedule = draft.scheduleGuessed ? scheduleWords(draft.schedule) : 'As needed (no schedule was written)';
  return [draft.form && FORM_LABELS[draft.form], schedule, draft.instructions].filter(Boolean).join(' · ');
}
