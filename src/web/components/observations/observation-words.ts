import { formatNumber, type ObservationFlag } from '../../../shared/rules/observations';

// How a reading reads on the screens: its flag and its range in words (its value: rules/observations.ts readingWords).

/** A flag as the patient reads it. */
export const FLAG_WORDS: Readonly<Record<ObservationFlag, string>> = {
  low: 'Low',
  high: 'High',
  'critical-low': 'Critically low',
  'critical-high': 'Critically high',
};

/** A range in the patient's units: '70–99 mg/dL', '≤ 99 mg/dL', '≥ 40 mg/dL'. */
export function rangeWords(range: { low: number | null; high: number | null } | null, unit: string | null, decimals: number): string | null {
  if (!range || (range.low === null && range.high === null)) return null;
  const n = (value: number) => formatNumber(value, decimals);
  const text = range.low !== null && range.high !== null ? `${n(range.low)}–${n(range.high)}` : range.low !== null ? `≥ ${n(range.low)}` : `≤ ${n(range.high!)}`;
  return unit ? `${text} ${unit}` : text;
}
