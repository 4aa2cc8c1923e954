/**
 * The LOINC codes the app names by itself (issue 35), apart from the measures table (measures.ts) so that a screen
 * that only picks a measure out (the dashboard's card) does not bring the table.
 */

/** Blood pressure: one reading of two numbers, systolic over diastolic (FHIR's vital-signs profile panel). */
export const BLOOD_PRESSURE = '85354-9';
/** The two numbers of a blood-pressure reading, as FHIR sends them: the panel's components. */
export const SYSTOLIC = '8480-6';
export const DIASTOLIC = '8462-4';
/** Body weight, which the dashboard's card shows beside blood pressure. */
export const BODY_WEIGHT = '29463-7';
