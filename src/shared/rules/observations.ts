import { BLOOD_PRESSURE, type Measure, type MeasureRange } from './measures';

// Vitals and lab results (issue 35): the closed lists of a reading, its flag and the quick entry's words. The measures
// themselves (codes, units, ranges) are the data table in measures.ts.

/** How a number was given when the lab could only bound it: '<5', '>60'. Kept as given, never dropped. */
export const COMPARATORS = ['<', '<=', '>', '>='] as const;
export type Comparator = (typeof COMPARATORS)[number];

/** Who or what measured it: the patient by hand, a device (a cuff, a meter, a scale), a provider, or a lab. */
export const OBSERVATION_SOURCES = ['patient', 'device', 'provider', 'lab'] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];

/**
 * What a reading says against its range: derived each time it is read from the value and the range (the lab's when it
 * sent one, else the table's), never stored, so that a corrected range or value is never contradicted by a stale flag.
 */
export const OBSERVATION_FLAGS = ['low', 'high', 'critical-low', 'critical-high'] as const;
export type ObservationFlag = (typeof OBSERVATION_FLAGS)[number];

/** The periods a trend covers, back from now. */
export const TREND_PERIODS = ['30d', '90d', '1y', '5y', 'all'] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];

/** A reading's value as the patient, a device or a lab gave it (the unit is UCUM's code). */
export type ObservationValue =
  | { type: 'quantity'; number: number; comparator: Comparator | null; unit: string }
  | { type: 'blood-pressure'; systolic: number; diastolic: number; unit: 'mm[Hg]' }
  | { type: 'text'; text: string };

/** Blood pressure is always in millimetres of mercury: the unit a reading of two numbers carries. */
export const BLOOD_PRESSURE_UNIT = 'mm[Hg]';

function beyond(value: number, range: MeasureRange | undefined): 'low' | 'high' | null {
  if (!range) return null;
  if (range.low !== undefined && value < range.low) return 'low';
  if (range.high !== undefined && value > range.high) return 'high';
  return null;
}

function flagOne(value: number, range: MeasureRange | undefined, critical: MeasureRange | undefined): ObservationFlag | null {
  const pastCritical = beyond(value, critical);
  if (pastCritical) return pastCritical === 'low' ? 'critical-low' : 'critical-high';
  return beyond(value, range);
}

const SEVERITY: Record<ObservationFlag, number> = { low: 1, high: 1, 'critical-low': 2, 'critical-high': 2 };

/**
 * The flag of a reading in the measure's chart unit: critical beyond the table's critical limits, else low or high
 * outside the range (the lab's when it sent one, else the table's). Blood pressure is flagged by the worse of its two
 * numbers (128/92 is high by its diastolic). A text value has no flag.
 */
export function flagOf(
  measure: Pick<Measure, 'range' | 'critical' | 'secondRange' | 'secondCritical'>,
  chartValue: number | null,
  secondChartValue: number | null,
  labRange: MeasureRange | null,
): ObservationFlag | null {
  if (chartValue === null) return null;
  const first = flagOne(chartValue, labRange ?? measure.range, measure.critical);
  const second = secondChartValue === null ? null : flagOne(secondChartValue, measure.secondRange, measure.secondCritical);
  if (!second) return first;
  if (!first) return second;
  return SEVERITY[second] > SEVERITY[first] ? second : first;
}

const NUMBER = String.raw`\d+(?:[.,]\d+)?|[.,]\d+`;
const QUICK_BLOOD_PRESSURE = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:/|over)\s*(${NUMBER})\s*(?:mm\s*hg)?\s*$`, 'i');
const QUICK_QUANTITY = new RegExp(String.raw`^\s*(<=|>=|<|>|≤|≥)?\s*(${NUMBER})\s*$`);
const toNumber = (text: string) => Number(text.replace(',', '.'));

/** A quick entry the patient typed, as a value to send: '128/82' is a blood pressure, '<5' keeps its comparator. */
export type QuickValue =
  | { ok: true; value: ObservationValue }
  | { ok: false; message: string };

/**
 * Reads the quick entry's words for a measure: blood pressure in one line ('128/82', '128 over 82'), a number with an
 * optional comparator ('5.4', '<5', '≥ 60') in the unit the patient chose, or words for a measure whose results are
 * words ('negative'). The server checks the numbers again: this only turns words into the value's shape.
 */
export function readQuickValue(measure: Pick<Measure, 'valueType' | 'loinc'>, words: string, unit: string | undefined): QuickValue {
  const text = words.trim();
  if (!text) return { ok: false, message: 'Enter a value' };
  if (measure.loinc === BLOOD_PRESSURE) {
    const match = QUICK_BLOOD_PRESSURE.exec(text);
    if (!match) return { ok: false, message: 'Enter blood pressure as systolic/diastolic, such as 128/82' };
    return { ok: true, value: { type: 'blood-pressure', systolic: toNumber(match[1]!), diastolic: toNumber(match[2]!), unit: BLOOD_PRESSURE_UNIT } };
  }
  const quantity = QUICK_QUANTITY.exec(text);
  if (quantity && unit) {
    const sign = quantity[1];
    const comparator: Comparator | null = sign === '≤' ? '<=' : sign === '≥' ? '>=' : ((sign as Comparator | undefined) ?? null);
    return { ok: true, value: { type: 'quantity', number: toNumber(quantity[2]!), comparator, unit } };
  }
  if (measure.valueType === 'text' || (measure.valueType === 'quantity' && !/^[<>≤≥]?\s*[\d.,]/.test(text))) {
    return { ok: true, value: { type: 'text', text } };
  }
  return { ok: false, message: 'Enter a number, such as 5.4 or <5' };
}

/** A number as a screen shows it: at most `decimals` places, no trailing zeros. */
export function formatNumber(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** '<', '≤', '>', '≥' as printed before a bounded number. */
export const COMPARATOR_SIGNS: Readonly<Record<Comparator, string>> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥' };

/** Numbers in the patient's units, with the unit's symbol: '6.1 %', '138/88 mmHg', '72 /min'; a score has no symbol. */
export function numberWords(number: number, second: number | null, unit: string | null, decimals: number): string {
  const numbers = second === null ? formatNumber(number, decimals) : `${formatNumber(number, 0)}/${formatNumber(second, 0)}`;
  return unit ? `${numbers} ${unit}` : numbers;
}

/**
 * A reading's value as the screens, the feed and the assistant write it: its numbers with the lab's '<' or '>'
 * ('<5 mg/L', '128/82 mmHg'), or its words ('negative').
 */
export function valueWords(
  reading: { number: number | null; second: number | null; comparator: Comparator | null; text: string | null },
  unit: string | null,
  decimals: number,
): string {
  if (reading.number === null) return reading.text ?? '';
  return `${reading.comparator ? COMPARATOR_SIGNS[reading.comparator] : ''}${numberWords(reading.number, reading.second, unit, decimals)}`;
}

/** A value as given, loosely typed so that the wire's form (a comparator left out) is one too. */
type GivenValue =
  | { type: 'quantity'; number: number; comparator?: Comparator | null }
  | { type: 'blood-pressure'; systolic: number; diastolic: number }
  | { type: 'text'; text: string };

/** A value as it was given, without its unit: '5.4', '<5', '128/82', 'negative' (a CSV's preview, the edit form). */
export function givenValueWords(value: GivenValue): string {
  if (value.type === 'text') return value.text;
  if (value.type === 'blood-pressure') return `${value.systolic}/${value.diastolic}`;
  return `${value.comparator ?? ''}${value.number}`;
}

/**
 * A reading as the API answers it (its value as given, and in the patient's units with their decimals), written as the
 * screens, the feed and the dashboard show it: '128/82 mmHg', '<20 mg/dL', '176.4 lb', 'negative'.
 */
export function readingWords(reading: {
  value: GivenValue;
  inUnits: { number: number | null; second: number | null; unit: string | null; decimals: number };
}): string {
  const { value, inUnits } = reading;
  const comparator = value.type === 'quantity' ? (value.comparator ?? null) : null;
  const text = value.type === 'text' ? value.text : null;
  return valueWords({ number: inUnits.number, second: inUnits.second, comparator, text }, inUnits.unit, inUnits.decimals);
}

/** A range's two ends, either of which may be open. */
interface Bounds {
  low: number | null;
  high: number | null;
}

/**
 * A range in the patient's units, as the screens and the assistant write it: '70–99 mg/dL', '99 mg/dL or less',
 * '40 mg/dL or more'; blood pressure's two ranges in one, '90/60–129/79 mmHg'. Null when there is none.
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
