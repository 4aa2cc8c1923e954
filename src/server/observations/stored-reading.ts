import type { z } from 'zod';
import type { Observation, ReferenceRange } from '../../shared/contracts/observations';
import { BLOOD_PRESSURE, measureOf, type Measure, type MeasureRange, type UnitSystem } from '../../shared/rules/measures';
import { BLOOD_PRESSURE_UNIT, flagOf, type ObservationValue } from '../../shared/rules/observations';
import { badRequest } from '../core/errors';
import type { observations } from '../db/schema/index';
import { shownIn, toChartValue } from './units';

// A reading between its two shapes: the value as the wire gives it (rules/observations.ts ObservationValue) and the
// row's columns, the chart values computed with UCUM on the way in; and back, with its flag and the patient's units.

type Row = typeof observations.$inferSelect;
type Range = z.output<typeof ReferenceRange>;

/** The columns of a reading's value, its range and its chart values: what a write sets. */
export type ValueColumns = Pick<
  Row,
  'valueType' | 'value' | 'secondValue' | 'comparator' | 'valueText' | 'unit' | 'chartValue' | 'secondChartValue' | 'referenceLow' | 'referenceHigh' | 'referenceText'
>;

/** A measure by its code or another system's code for it; a code the contract let through always has one. */
export function knownMeasure(code: string): Measure {
  const measure = measureOf(code);
  if (!measure) throw badRequest('code: must be the LOINC code of a measure HealthAssist knows');
  return measure;
}

function chartNumber(measure: Measure, number: number, unit: string, field: string): number {
  const converted = toChartValue(measure, number, unit);
  if ('refusal' in converted) throw badRequest(`${field}: ${converted.refusal}`);
  return converted.value;
}

/**
 * The columns of a value for a measure, or the 400 that says why it is not one: blood pressure is two numbers, a
 * measure given in words takes no number, and a number's unit must be one UCUM converts to the measure's.
 */
export function valueColumns(measure: Measure, value: ObservationValue, range: Range | null): ValueColumns {
  const reference = {
    referenceLow: range?.low ?? null,
    referenceHigh: range?.high ?? null,
    referenceText: range?.text ?? null,
  };
  if (measure.loinc === BLOOD_PRESSURE) {
    if (value.type !== 'blood-pressure') throw badRequest('value.type: blood pressure is two numbers: type blood-pressure, systolic and diastolic');
    return {
      valueType: 'blood-pressure',
      value: value.systolic,
      secondValue: value.diastolic,
      comparator: null,
      valueText: null,
      unit: BLOOD_PRESSURE_UNIT,
      chartValue: value.systolic,
      secondChartValue: value.diastolic,
      ...reference,
    };
  }
  if (value.type === 'blood-pressure') throw badRequest(`value.type: only blood pressure is two numbers; ${measure.name} is ${measure.valueType === 'text' ? 'words' : 'one number'}`);
  if (value.type === 'text') {
    return { valueType: 'text', value: null, secondValue: null, comparator: null, valueText: value.text, unit: null, chartValue: null, secondChartValue: null, ...reference };
  }
  if (measure.valueType === 'text') throw badRequest(`value.type: ${measure.name} is given in words, such as negative`);
  const chartValue = chartNumber(measure, value.number, value.unit, 'value.unit');
  return {
    valueType: 'quantity',
    value: value.number,
    secondValue: null,
    comparator: value.comparator,
    valueText: null,
    unit: value.unit,
    chartValue,
    secondChartValue: null,
    ...reference,
  };
}

/** A stored reading's value as it was given. */
export function storedValue(row: Pick<Row, 'valueType' | 'value' | 'secondValue' | 'comparator' | 'valueText' | 'unit'>): ObservationValue {
  if (row.valueType === 'text') return { type: 'text', text: row.valueText ?? '' };
  if (row.valueType === 'blood-pressure') return { type: 'blood-pressure', systolic: row.value ?? 0, diastolic: row.secondValue ?? 0, unit: BLOOD_PRESSURE_UNIT };
  return { type: 'quantity', number: row.value ?? 0, comparator: row.comparator, unit: row.unit ?? '' };
}

/** A stored reading's reference range as the lab sent it, or null. */
export function storedRange(row: Pick<Row, 'referenceLow' | 'referenceHigh' | 'referenceText'>): Range | null {
  if (row.referenceLow === null && row.referenceHigh === null && row.referenceText === null) return null;
  return { low: row.referenceLow, high: row.referenceHigh, text: row.referenceText };
}

/** The lab's range in the measure's chart unit (for the flag), when it sent a number and the row has a unit. */
function labRangeInChartUnit(measure: Measure, row: Row): MeasureRange | null {
  if ((row.referenceLow === null && row.referenceHigh === null) || row.valueType !== 'quantity' || !row.unit) return null;
  const bound = (value: number | null) => {
    if (value === null) return undefined;
    const converted = toChartValue(measure, value, row.unit!);
    return 'value' in converted ? converted.value : undefined;
  };
  return { low: bound(row.referenceLow), high: bound(row.referenceHigh) };
}

function rangeIn(measure: Measure, system: UnitSystem, range: MeasureRange | undefined | null) {
  if (!range || (range.low === undefined && range.high === undefined)) return null;
  return {
    low: range.low === undefined ? null : shownIn(measure, system, range.low),
    high: range.high === undefined ? null : shownIn(measure, system, range.high),
  };
}

/** The unit's symbol a patient reads in their system, for a measure that has numbers. */
export function unitSymbol(measure: Measure, system: UnitSystem): string | null {
  return measure.display?.[system].symbol ?? null;
}

/** The usual ranges of a measure in the patient's units, for a trend's band. */
export function usualRanges(measure: Measure, system: UnitSystem) {
  return { range: rangeIn(measure, system, measure.range), secondRange: rangeIn(measure, system, measure.secondRange) };
}

/** A row as the API answers it: its value as given, and in the patient's units with its flag. */
export function observationOf(row: Row, system: UnitSystem): z.output<typeof Observation> {
  const measure = knownMeasure(row.code);
  const labRange = labRangeInChartUnit(measure, row);
  const shown = (value: number | null) => (value === null ? null : shownIn(measure, system, value));
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind,
    code: row.code,
    name: measure.name,
    takenAt: row.takenAt,
    value: storedValue(row),
    referenceRange: storedRange(row),
    inUnits: {
      number: shown(row.chartValue),
      second: shown(row.secondChartValue),
      unit: row.chartValue === null ? null : unitSymbol(measure, system),
      decimals: measure.decimals,
      range: row.chartValue === null ? null : rangeIn(measure, system, labRange ?? measure.range),
      secondRange: row.secondChartValue === null ? null : rangeIn(measure, system, measure.secondRange),
    },
    flag: flagOf(measure, row.chartValue, row.secondChartValue, labRange),
    source: row.source,
    sourceName: row.sourceName,
    note: row.note,
    medicalRecordId: row.medicalRecordId,
    createdAt: row.createdAt,
  };
}
