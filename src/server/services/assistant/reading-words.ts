import type { MeasureKind } from '../../../shared/rules/measures';
import { formatNumber, type ObservationFlag } from '../../../shared/rules/observations';

// How the assistant words a reading (issue 35: vitals and lab results), for its own answers (intents/readings.ts) and
// for a language model's facts (describeFacts) alike: the value in the patient's units as the Vitals and Lab Results
// pages print it ('128/82 mmHg', '<5 mg/L', '176.4 lb', 'negative'), its range and its flag.

/** A flag as the answers say it, inside a sentence. */
export const FLAG_WORDS: Readonly<Record<ObservationFlag, string>> = {
  low: 'low',
  high: 'high',
  'critical-low': 'critically low',
  'critical-high': 'critically high',
};

interface Bounds {
  low: number | null;
  high: number | null;
}

/**
 * A range in the patient's units: '70–99 mg/dL', '99 mg/dL or less', '40 mg/dL or more'; blood pressure's two ranges
 * in one, '90/60–129/79 mmHg'. Null when there is none.
 */
export function rangeWords(range: Bounds | null, secondRange: Bounds | null, unit: string | null, decimals: number): string | null {
  if (!range || (range.low === null && range.high === null)) return null;
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
  if (secondRange && range.low !== null && range.high !== null && secondRange.low !== null && secondRange.high !== null) {
    return withUnit(`${formatNumber(range.low, 0)}/${formatNumber(secondRange.low, 0)}–${formatNumber(range.high, 0)}/${formatNumber(secondRange.high, 0)}`);
  }
  const n = (value: number) => formatNumber(value, decimals);
  if (range.low !== null && range.high !== null) return withUnit(`${n(range.low)}–${n(range.high)}`);
  return range.low !== null ? `${withUnit(n(range.low))} or more` : `${withUnit(n(range.high!))} or less`;
}

/**
 * A measure's name inside a sentence: 'Hemoglobin A1c' → 'hemoglobin A1c', 'Blood pressure' → 'blood pressure';
 * an abbreviation keeps its capitals ('LDL cholesterol', 'TSH', 'eGFR').
 */
export function measureInSentence(name: string): string {
  return /^[A-Z][a-z]/.test(name) ? `${name.charAt(0).toLowerCase()}${name.slice(1)}` : name;
}

/** 'readings', 'result': a vital sign is read, a lab test has results. */
export function readingNoun(count: number, kind: MeasureKind): string {
  const noun = kind === 'vital-sign' ? 'reading' : 'result';
  return count === 1 ? noun : `${noun}s`;
}

/** '12 readings', '1 result'. */
export const readingsCount = (count: number, kind: MeasureKind) => `${count} ${readingNoun(count, kind)}`;
