import { z } from 'zod';
import { ALLERGY_CRITICALITIES, ALLERGY_STATUSES, ALLERGY_TYPES, MAX_REACTIONS, REACTION_SEVERITIES } from '../rules/allergies';
import { id, idNumber, instant, optionalText, requiredText, type Json } from './common';
import { Codings } from './codings';

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values, { message: `must be one of ${values.join(', ')}` })
    .nullish()
    .transform((value) => value ?? null);

/** One reaction: what happened, and how bad it was when known. */
export const AllergyReaction = z
  .object({
    manifestation: requiredText('Reaction is required', 200),
    severity: oneOf(REACTION_SEVERITIES),
  })
  .meta({ id: 'AllergyReaction' });

/** The add/edit form's fields (issue 34), with the messages the patient reads. */
export const AllergyFields = z.object({
  /** The words: always. A profile line may be this long. */
  substance: requiredText('Substance is required', 2000),
  codes: Codings.optional(),
  type: oneOf(ALLERGY_TYPES),
  criticality: oneOf(ALLERGY_CRITICALITIES),
  reactions: z.array(AllergyReaction).max(MAX_REACTIONS, `must hold at most ${MAX_REACTIONS} reactions`).optional(),
  status: z.enum(ALLERGY_STATUSES, { message: `must be one of ${ALLERGY_STATUSES.join(', ')}` }).optional(),
  note: optionalText(2000),
});

/** POST /api/allergies: a new allergy is active unless it says otherwise. */
export const CreateAllergyBody = AllergyFields.extend({ userId: idNumber });
export type CreateAllergyBody = z.input<typeof CreateAllergyBody>;

/** PATCH /api/allergies/{id}: any of the fields. */
export const UpdateAllergyBody = AllergyFields.partial().refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateAllergyBody = z.input<typeof UpdateAllergyBody>;

export const Allergy = z
  .object({
    id,
    userId: id,
    substance: z.string(),
    codes: Codings,
    type: z.enum(ALLERGY_TYPES).nullable(),
    criticality: z.enum(ALLERGY_CRITICALITIES).nullable(),
    reactions: z.array(z.object({ manifestation: z.string(), severity: z.enum(REACTION_SEVERITIES).nullable() })),
    status: z.enum(ALLERGY_STATUSES),
    note: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Allergy' });
export type Allergy = Json<typeof Allergy>;
export const AllergyList = z.array(Allergy);
