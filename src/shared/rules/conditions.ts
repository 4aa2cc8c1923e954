/** A condition's clinical status, as FHIR's condition-clinical value set has it; the database CHECK uses the same list. */
export const CONDITION_STATUSES = ['active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved'] as const;
export type ConditionStatus = (typeof CONDITION_STATUSES)[number];

/** The statuses of a condition the patient has now: what My Profile's "Existing Conditions" lists. */
export const CURRENT_CONDITION_STATUSES = ['active', 'recurrence', 'relapse'] as const satisfies readonly ConditionStatus[];

export function isCurrentCondition(status: ConditionStatus): boolean {
  return (CURRENT_CONDITION_STATUSES as readonly ConditionStatus[]).includes(status);
}
