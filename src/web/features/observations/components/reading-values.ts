import type { Observation } from '../../../../shared/contracts/observations';
import { measureOf, type Measure, type UnitSystem } from '../../../../shared/rules/measures';
import { givenValueWords, type ObservationValue } from '../../../../shared/rules/observations';
import { clockIn } from '../../../../shared/rules/patient';

// A reading as the patient types it: the measure, the value in one line ('128/82', '5.4', '<5', 'negative'), its unit
// and when it was taken (now, unless they say otherwise), on their clock. Without the form's code (reading-form.tsx),
// which loads after the page: a page starts the form from here.

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

