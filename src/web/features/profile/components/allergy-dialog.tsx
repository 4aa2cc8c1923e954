import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useRef } from 'react';
import { useFieldArray, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { AllergyFields, type Allergy } from '../../../../shared/contracts/allergies';
import {
  ALLERGY_CRITICALITIES,
  ALLERGY_STATUSES,
  ALLERGY_TYPES,
  MAX_REACTIONS,
  REACTION_SEVERITIES,
  type AllergyCriticality,
  type AllergyStatus,
  type AllergyType,
  type ReactionSeverity,
} from '../../../../shared/rules/allergies';
import { Button } from '../../../components/ui/button';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { TextFormField } from '../../../components/ui/text-form-field';
import { Tooltip } from '../../../components/ui/tooltip';
import { useSaveAllergy } from '../../../lib/api/allergies';
import { usePatientId } from '../../../lib/patient-id';
import { fromKnownOption, optionsWithNotKnown, saveItem, toKnownOption, type ListWords } from './health-list-parts';

type AllergyFormInput = z.input<typeof AllergyFields>;
type AllergyFormValues = z.output<typeof AllergyFields>;

export const ALLERGY_WORDS: ListWords = { one: 'allergy', many: 'allergies' };

export const ALLERGY_STATUS_LABELS: Readonly<Record<AllergyStatus, string>> = { active: 'Active', inactive: 'Inactive', resolved: 'Resolved' };
export const ALLERGY_TYPE_LABELS: Readonly<Record<AllergyType, string>> = { allergy: 'Allergy', intolerance: 'Intolerance' };
export const CRITICALITY_LABELS: Readonly<Record<AllergyCriticality, string>> = {
  low: 'Low',
  high: 'High',
  'unable-to-assess': 'Unable to assess',
};
export const SEVERITY_LABELS: Readonly<Record<ReactionSeverity, string>> = { mild: 'Mild', moderate: 'Moderate', severe: 'Severe' };

const STATUS_OPTIONS = ALLERGY_STATUSES.map((status) => ({ value: status, label: ALLERGY_STATUS_LABELS[status] }));
const TYPE_OPTIONS = optionsWithNotKnown(ALLERGY_TYPES, ALLERGY_TYPE_LABELS);
const CRITICALITY_OPTIONS = optionsWithNotKnown(ALLERGY_CRITICALITIES, CRITICALITY_LABELS);
const SEVERITY_OPTIONS = optionsWithNotKnown(REACTION_SEVERITIES, SEVERITY_LABELS);

/** What the dialog is doing: adding an allergy, or editing one. */
export type AllergyEdit = { allergy: null } | { allergy: Allergy };

interface AllergyDialogProps {
  edit: AllergyEdit | null;
  /** After a save, once the lists and the profile are fresh. */
  onSaved(): void;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Add and edit an allergy or intolerance: what to, how bad, its reactions. Its codes, if a record sent some, are kept. */
export function AllergyDialog({ edit, onSaved, onClose, onCloseAutoFocus }: AllergyDialogProps) {
  const patientId = usePatientId();
  const save = useSaveAllergy(patientId);
  return (
    <Dialog open={edit !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      {edit && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>{edit.allergy ? 'Edit allergy' : 'Add allergy'}</DialogTitle>
          <DialogDescription>Active ones are listed under Allergies; everything but the substance is optional.</DialogDescription>
          {/* Mounted with the dialog, so each opening starts from the allergy as it is stored now. */}
          <AllergyForm
            allergy={edit.allergy}
            save={save}
            onSaved={() => {
              onSaved();
              onClose();
            }}
            onCancel={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function startingValues(allergy: Allergy | null): AllergyFormInput {
  if (!allergy) return { substance: '', type: null, criticality: null, reactions: [], status: 'active', note: '' };
  const { substance, codes, type, criticality, reactions, status, note } = allergy;
  return { substance, codes, type, criticality, reactions: reactions.map((reaction) => ({ ...reaction })), status, note: note ?? '' };
}

interface AllergyFormProps {
  allergy: Allergy | null;
  save: ReturnType<typeof useSaveAllergy>;
  onSaved(): void;
  onCancel(): void;
}

function AllergyForm({ allergy, save, onSaved, onCancel }: AllergyFormProps) {
  const patientId = usePatientId();
  const form = useForm<AllergyFormInput, unknown, AllergyFormValues>({
    resolver: zodResolver(AllergyFields),
    defaultValues: startingValues(allergy),
  });

  function submit(values: AllergyFormValues) {
    const request = allergy ? { allergyId: allergy.id, body: values } : { allergyId: null, body: { userId: patientId, ...values } };
    saveItem(save, request, { form, words: ALLERGY_WORDS, nameOf: (saved) => saved.substance, added: !allergy, onSaved });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        <TextFormField
          control={form.control}
          name="substance"
          label="Substance"
          input={{ autoComplete: 'off', maxLength: 2000, placeholder: 'e.g. Penicillin, peanuts' }}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectFormField control={form.control} name="type" label="Type" options={TYPE_OPTIONS} toOption={toKnownOption} fromOption={fromKnownOption<AllergyType>} />
          <SelectFormField
            control={form.control}
            name="criticality"
            label="Criticality"
            options={CRITICALITY_OPTIONS}
            toOption={toKnownOption}
            fromOption={fromKnownOption<AllergyCriticality>}
          />
          <SelectFormField control={form.control} name="status" label="Status" options={STATUS_OPTIONS} />
        </div>
        <Reactions control={form.control} />
        <TextFormField control={form.control} name="note" label="Note (optional)" multiline input={{ maxLength: 2000, rows: 2 }} />
        <DialogFormButtons saveLabel="Save allergy" pending={save.isPending} onCancel={onCancel} />
      </form>
    </Form>
  );
}

/** The reactions, one row each (what happened, how bad), with Add reaction and a Remove per row. */
function Reactions({ control }: { control: Control<AllergyFormInput, unknown, AllergyFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'reactions' });
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Reactions</legend>
      {fields.length === 0 && <p className="text-sm text-muted-foreground">None recorded.</p>}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="grid grid-cols-[1fr_auto] items-start gap-x-2 gap-y-3 rounded-md border p-3 sm:grid-cols-[1fr_10rem_auto]">
          <legend className="sr-only">Reaction {index + 1}</legend>
          <TextFormField
            control={control}
            name={`reactions.${index}.manifestation`}
            label="Reaction"
            className="col-start-1"
            input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. Hives' }}
          />
          <SelectFormField
            control={control}
            name={`reactions.${index}.severity`}
            label="Severity"
            className="col-start-1 sm:col-start-2 sm:row-start-1"
            options={SEVERITY_OPTIONS}
            toOption={toKnownOption}
            fromOption={fromKnownOption<ReactionSeverity>}
          />
          <Tooltip label={`Remove reaction ${index + 1}`}>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="col-start-2 row-start-1 mt-7 sm:col-start-3"
              aria-label={`Remove reaction ${index + 1}`}
              onClick={() => {
                remove(index);
                // The row and its button are gone: focus stays in the list of reactions, on Add reaction.
                addButton.current?.focus();
              }}
            >
              <X aria-hidden="true" />
            </Button>
          </Tooltip>
        </fieldset>
      ))}
      {fields.length < MAX_REACTIONS && (
        <Button ref={addButton} type="button" variant="outline" size="sm" onClick={() => append({ manifestation: '', severity: null })}>
          <Plus aria-hidden="true" />
          Add reaction
        </Button>
      )}
    </fieldset>
  );
}
