import type { FieldErrors, Resolver } from 'react-hook-form';
import type { Observation } from '../../../../shared/contracts/observations';
import { measureOf, type Measure, type UnitSystem } from '../../../../shared/rules/measures';
import { givenValueWords, type ObservationValue } from '../../../../shared/rules/observations';
import { clockIn, TIME_OF_DAY, TIME_OF_DAY_MESSAGE } from '../../../../shared/rules/patient';

// A reading as the patient types it: the measure, the value in one line ('128/82', '5.4', '<5', 'negative'), its unit
// and when it was taken (now, unless they say otherwise), on their clock; where the form starts, and its checks. Without
// the form's code (reading-form.tsx), which loads after the page.

export interface ReadingValues {
  code: string;
  value: string;
  unit: string;
  /** 'yyyy-MM-dd' on the patient's clock. */
  date: string;
  /** 'HH:mm' on the patient's clock. */
  time: string;
}

/** The units a measure is offered in: its metric and its US unit (once when they are the same). */
export function unitOptions(measure: Measure | undefined) {
  if (!measure?.display || measure.valueType === 'blood-pressure') return [];
  const { metric, us } = measure.display;
  return metric.ucum === us.ucum ? [{ value: metric.ucum, label: metric.symbol }] : [metric, us].map((unit) => ({ value: unit.ucum, label: unit.symbol }));
}

/** Where a measure's unit starts: the patient's own system's. */
export const preferredUnit = (measure: Measure | undefined, system: UnitSystem) => measure?.display?.[system].ucum ?? '';

/** The form's start for a new reading of `code` now, or for a stored one. */
export function readingDefaults(code: string, system: UnitSystem, zone: string | null, stored?: Observation): ReadingValues {
  const { date, time } = clockIn(zone, stored ? new Date(stored.takenAt) : new Date());
  if (stored) {
    const unit = stored.value.type === 'quantity' ? stored.value.unit : '';
    return { code: stored.code, value: givenValueWords(stored.value), unit, date, time };
  }
  return { code, value: '', unit: preferredUnit(measureOf(code), system), date, time };
}

export interface ReadingToSave {
  code: string;
  takenAt: string;
  value: ObservationValue;
}

/** The longest value the form sends: the contract's longest text result. */
const MAX_VALUE_LENGTH = 200;

/**
 * The form's own checks, before the value is read (readQuickValue, on submit) and the server checks the whole reading.
 * Written out rather than a zod schema: this form is on the first screen of two pages, and for five strings zod would
 * be 98 KB more that a phone parses before the form can be used.
 */
export const checkReading: Resolver<ReadingValues> = (values) => {
  const errors: FieldErrors<ReadingValues> = {};
  const value = values.value.trim();
  if (!values.code) errors.code = { type: 'required', message: 'Please choose a measure' };
  if (!value) errors.value = { type: 'required', message: 'Enter a value' };
  else if (value.length > MAX_VALUE_LENGTH) errors.value = { type: 'maxLength', message: `must be at most ${MAX_VALUE_LENGTH} characters` };
  if (!values.date) errors.date = { type: 'required', message: 'Please choose the day' };
  if (!TIME_OF_DAY.test(values.time)) errors.time = { type: 'pattern', message: TIME_OF_DAY_MESSAGE };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: { ...values, value }, errors: {} };
};
