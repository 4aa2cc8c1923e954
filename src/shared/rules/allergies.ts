/** FHIR's allergy-intolerance-type: an immune reaction, or another kind (lactose, a side effect); null when not known. */
export const ALLERGY_TYPES = ['allergy', 'intolerance'] as const;
export type AllergyType = (typeof ALLERGY_TYPES)[number];

/** FHIR's allergy-intolerance-criticality: how bad a future reaction could be. */
export const ALLERGY_CRITICALITIES = ['low', 'high', 'unable-to-assess'] as const;
export type AllergyCriticality = (typeof ALLERGY_CRITICALITIES)[number];

/** FHIR's allergyintolerance-clinical; "active" ones are what My Profile's "Allergies" lists. */
export const ALLERGY_STATUSES = ['active', 'inactive', 'resolved'] as const;
export type AllergyStatus = (typeof ALLERGY_STATUSES)[number];

/** FHIR's reaction-event-severity. */
export const REACTION_SEVERITIES = ['mild', 'moderate', 'severe'] as const;
export type ReactionSeverity = (typeof REACTION_SEVERITIES)[number];

/** One reaction: what happened ("Hives"), and how bad it was when known. */
export interface AllergyReaction {
  manifestation: string;
  severity: ReactionSeverity | null;
}

/** At most this many reactions on one allergy. */
export const MAX_REACTIONS = 20;
