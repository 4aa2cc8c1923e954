/**
 * The patient's choice of units (a profile preference, issue 35): metric (kg, cm, °C, mmol/L) or US (lb, in, °F,
 * mg/dL). A module of its own, apart from the measures table, so that the profile's contract does not bring the table.
 */
export const UNIT_SYSTEMS = ['metric', 'us'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** The choice as the patient reads it, with an example of each kind of unit. */
export const UNIT_SYSTEM_WORDS: Readonly<Record<UnitSystem, string>> = { metric: 'Metric (kg, °C, mmol/L)', us: 'US (lb, °F, mg/dL)' };
