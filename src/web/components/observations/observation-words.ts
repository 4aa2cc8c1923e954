import type { ObservationFlag } from '../../../shared/rules/observations';

// How a reading's flag reads on the screens (its value and its range: rules/observations.ts readingWords, rangeWords).

/** A flag as the patient reads it. */
export const FLAG_WORDS: Readonly<Record<ObservationFlag, string>> = {
  low: 'Low',
  high: 'High',
  'critical-low': 'Critically low',
  'critical-high': 'Critically high',
};
