import { z } from 'zod';
import { calendarDate, dateOnly, id, idNumber, instant, optionalText, requiredText, wholeNumberIn, type Json } from './common';
import { Codings } from './codings';

/** The add/edit form's fields (issue 34), with the messages the patient reads. */
export const ImmunizationFields = z.object({
  /** The words, always; the CVX code among `codes` when known. */
  vaccine: requiredText('Vaccine is required', 500),
  codes: Codings.optional(),
  date: calendarDate('Date given is required'),
  doseNumber: wholeNumberIn(1, 99)
    .nullish()
    .transform((value) => value ?? null),
  lotNumber: optionalText(100),
  site: optionalText(100),
  performer: optionalText(200),
  note: optionalText(2000),
});

/** POST /api/immunizations. */
export const CreateImmunizationBody = ImmunizationFields.extend({ userId: idNumber });
export type CreateImmunizationBody = z.input<typeof CreateImmunizationBody>;

/** PATCH /api/immunizations/{id}: any of the fields. */
export const UpdateImmunizationBody = ImmunizationFields.partial().refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateImmunizationBody = z.input<typeof UpdateImmunizationBody>;

export const Immunization = z
  .object({
    id,
    userId: id,
    vaccine: z.string(),
    codes: Codings.meta({ description: 'The CVX code (http://hl7.org/fhir/sid/cvx) when known, and any other' }),
    date: dateOnly.meta({ description: 'The day it was given' }),
    doseNumber: z.int().nullable(),
    lotNumber: z.string().nullable(),
    site: z.string().nullable(),
    performer: z.string().nullable().meta({ description: 'Who gave it' }),
    note: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Immunization' });
export type Immunization = Json<typeof Immunization>;
export const ImmunizationList = z.array(Immunization);
