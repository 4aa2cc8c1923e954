import type { Observation } from '../../../shared/contracts/observations';
import { formatNumber, valueWords, type ObservationFlag } from '../../../shared/rules/observations';

// How a reading reads on the screens: its value in the patient's units, and its flag in words.

/** A flag as the patient reads it. */
export const FLAG_WORDS: Readonly<Record<ObservationFlag, string>> = {
  low: 'Low',
  high: 'High',
  'critical-low': 'Critically low',
  'critical-high': 'Critically high',
};

/**
 * A reading in the patient's units: '128/82 mmHg', '<20 mg/dL', '176.4 lb', or its words ('negative'). `decimals`
 * from the measures table.
 */
export function readingWords(observation: Pick<Observation, 'value' | 'inUnits'>, decimals: number): string {
  const { value, inUnits } = observation;
  const reading = {
    number: inUnits.number,
    second: inUnits.second,
    comparator: value.type === 'quantity' ? (value.comparator ?? null) : null,
    text: value.type === 'text' ? value.text : null,
  };
  return valueWords(reading, inUnits.unit, decimals);
}

/** A range in the patient's units: '70–99 mg/dL', '≤ 99 mg/dL', '≥ 40 mg/dL'. */
export function rangeWords(range: { low: number | null; high: number | null } | null, unit: string | null, decimals: number): string | null {
  if (!range || (range.low === null && range.high === null)) return null;
  const n = (value: number) => formatNumber(value, decimals);
  const text = range.low !== null && range.high !== null ? `${n(range.low)}–${n(range.high)}` : range.low !== null ? `≥ ${n(range.low)}` : `≤ ${n(range.high!)}`;
  return unit ? `${text} ${unit}` : text;
}
