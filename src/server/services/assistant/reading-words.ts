import type { MeasureKind } from '../../../shared/rules/measures';
import type { ObservationFlag } from '../../../shared/rules/observations';

// How the assistant words a reading (issue 35: vitals and lab results), for its own answers (intents/readings.ts) and
// for a language model's facts (describeFacts) alike: the value in the patient's units as the Vitals and Lab Results
// pages print it ('128/82 mmHg', '<5 mg/L', '176.4 lb', 'negative') and its flag; its range is the pages' words too
// (rules/observations.ts rangeWords).

/** A flag as the answers say it, inside a sentence. */
export const FLAG_WORDS: Readonly<Record<ObservationFlag, string>> = {
  low: 'low',
  high: 'high',
  'critical-low': 'critically low',
  'critical-high': 'critically high',
};

/** 'readings', 'result': a vital sign is read, a lab test has results. */
export function readingNoun(count: number, kind: MeasureKind): string {
  const noun = kind === 'vital-sign' ? 'reading' : 'result';
  return count === 1 ? noun : `${noun}s`;
}

/** '12 readings', '1 result'. */
export const readingsCount = (count: number, kind: MeasureKind) => `${count} ${readingNoun(count, kind)}`;
