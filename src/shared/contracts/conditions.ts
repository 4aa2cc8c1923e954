import { z } from 'zod';
import { CONDITION_STATUSES } from '../rules/conditions';
import { calendarDate, dateOnly, id, idNumber, instant, optionalText, requiredText, type Json } from './common';
import { Codings } from './codings';

const optionalDate = calendarDate().nullish().transform((value) => value ?? null);

/** The add/edit form's fields (issue 34: a problem list), with the messages the patient reads. */
export const ConditionFields = z.object({
  /** The words: always, as the patient or the record that coded it wrote them. A profile line may be this long. */
  name: requiredText('Condition name is required', 2000),
  codes: Codings.optional(),
  clinicalStatus: z
    .enum(CONDITION_STATUSES, { message: `must be one of ${CONDITION_STATUSES.join(', ')}` })
    .optional(),
  onsetDate: optionalDate,
  abatementDate: optionalDate,
  note: optionalText(2000),
});

const abatementNotBeforeOnset = (body: { onsetDate?: string | null; abatementDate?: string | null }) =>
  !body.onsetDate || !body.abatementDate || body.abatementDate >= body.onsetDate;
const ABATEMENT_BEFORE_ONSET = { message: 'must be on or after the onset date', path: ['abatementDate'] };

/** POST /api/conditions: a new condition is active unless it says otherwise. */
export const CreateConditionBody = ConditionFields.extend({ userId: idNumber }).refine(abatementNotBeforeOnset, ABATEMENT_BEFORE_ONSET);
export type CreateConditionBody = z.input<typeof CreateConditionBody>;

/** PATCH /api/conditions/{id}: any of the fields. */
export const UpdateConditionBody = ConditionFields.partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update')
  .refine(abatementNotBeforeOnset, ABATEMENT_BEFORE_ONSET);
export type UpdateConditionBody = z.input<typeof UpdateConditionBody>;

export const Condition = z
  .object({
    id,
    userId: id,
    name: z.string(),
    codes: Codings.meta({ description: 'SNOMED CT, ICD-10 or another system, as the record that coded it sent them' }),
    clinicalStatus: z.enum(CONDITION_STATUSES),
    onsetDate: dateOnly.nullable(),
    abatementDate: dateOnly.nullable().meta({ description: 'When it ended (resolved, in remission)' }),
    note: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Condition' });
export type Condition = Json<typeof Condition>;
export const ConditionList = z.array(Condition);
