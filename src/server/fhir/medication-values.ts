import type { Quantity, Timing } from '@medplum/fhirtypes';
import { BEDTIME, EVERY_HOURS_RANGE, MAX_TIMES_A_DAY, TIMES_FOR_DOSES_A_DAY, WEEKDAY_NAMES, WEEKDAYS, type MedicationSchedule } from '../../shared/rules/medications';
import type { FhirDosage } from './fhir-input';
import { listWords } from '../../shared/rules/list-words';

// Medications (issue 32) in FHIR's words and back: a schedule as a Dosage's timing, and a timing as a schedule; a dose
// as a quantity when it is one. Both ways are here, so that what the export writes is what the import reads.

/** Our extension on a timing's repeat: the first dose's time of an every-N-hours schedule, which FHIR has no element for. */
export const FIRST_DOSE_TIME = 'urn:healthassist:fhir:first-dose-time';

/** FHIR's time: 'HH:mm:ss'. */
const fhirTime = (time: string) => `${time}:00`;

/** A schedule as a Dosage's timing; none for as needed (the Dosage says asNeededBoolean instead). */
export function timingOf(schedule: MedicationSchedule): Timing | undefined {
  switch (schedule.kind) {
    case 'daily':
      return { repeat: { frequency: schedule.times.length, period: 1, periodUnit: 'd', timeOfDay: schedule.times.map(fhirTime) } };
    case 'weekdays':
      return { repeat: { dayOfWeek: schedule.weekdays, timeOfDay: schedule.times.map(fhirTime) } };
    case 'every-hours':
      return {
        repeat: {
          frequency: 1,
          period: schedule.everyHours,
          periodUnit: 'h',
          extension: [{ url: FIRST_DOSE_TIME, valueTime: fhirTime(schedule.firstTime) }],
        },
      };
    case 'as-needed':
      return undefined;
  }
}


/** The schedule in words, as a Dosage's text ends: 'at 08:00 and 20:00 every day'. */
export function scheduleWords(schedule: MedicationSchedule): string {
  switch (schedule.kind) {
    case 'daily':
      return `at ${listWords(schedule.times)} every day`;
    case 'weekdays':
      return `at ${listWords(schedule.times)} on ${schedule.weekdays.map((day) => WEEKDAY_NAMES[day].slice(0, 3)).join(', ')}`;
    case 'every-hours':
      return `every ${schedule.everyHours} hours from ${schedule.firstTime}`;
    case 'as-needed':
      return 'as needed';
  }
}

/** A dose that is a plain quantity: a number and a unit of one word ('1 tablet', '5 ml', '2 puffs'), nothing else. */
const PLAIN_QUANTITY = /^(\d{1,6}(?:\.\d{1,4})?)\s*(\p{L}{1,30})$/u;

/** The dose per intake as a Quantity when it is a plain one; '1-2 tablets' or 'half a tablet' are left as text. */
export function doseQuantity(dose: string | null): Quantity | undefined {
  const match = dose ? PLAIN_QUANTITY.exec(dose.trim()) : null;
  if (!match) return undefined;
  return { value: Number(match[1]), unit: match[2]!.trim() };
}

/** A quantity as the dose's words ('1 tablet'); null without a value. */
export function doseOfQuantity(quantity: { value?: number; unit?: string; code?: string } | undefined): string | null {
  if (quantity?.value === undefined || !Number.isFinite(quantity.value) || quantity.value <= 0) return null;
  // A UCUM code of words is an annotation in braces ('{tbl}', '{puff}'): its words without them.
  const unit = (quantity.unit ?? quantity.code?.replace(/^\{(.*)\}$/, '$1'))?.trim();
  const words = unit ? `${quantity.value} ${unit}` : String(quantity.value);
  return words.length <= 100 ? words : null;
}

/** The parts of a FHIR Dosage the schedule is read from, as fhir-input.ts reads them. */
export type DosageTiming = Pick<FhirDosage, 'asNeededBoolean' | 'asNeededCodeableConcept' | 'timing'>;


/** FHIR's event timing codes for a time of day, as the profile's words read them (rules/medication-text.ts). */
const WHEN_TIMES: Record<string, string> = {
  MORN: '08:00',
  'MORN.early': '07:00',
  'MORN.late': '10:00',
  NOON: '12:00',
  AFT: '14:00',
  'AFT.early': '13:00',
  'AFT.late': '16:00',
  EVE: '20:00',
  'EVE.early': '18:00',
  'EVE.late': '21:00',
  NIGHT: BEDTIME,
  HS: BEDTIME,
};

/** 'HH:mm' of a FHIR time ('08:00:00', '08:00'); null when it is not one. */
function clockTime(value: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d+)?)?$/.exec(value.trim());
  return match ? `${match[1]}:${match[2]}` : null;
}

/**
 * A Dosage's timing as a schedule. As needed wins over any timing given with it (a reliever taken "twice daily as
 * needed" is not due twice a day). Read: times of day (each day, or on the weekdays given), FHIR's times-of-day codes,
 * F a day (1 to 4, spread from 08:00), every N hours (1 to 12, from 08:00 or the first dose's time we write), weekdays
 * alone (at 08:00). Anything else is as needed: no dose becomes due that the record does not state.
 */
export function scheduleOfDosage(dosage: DosageTiming | undefined): MedicationSchedule {
  const asNeeded: MedicationSchedule = { kind: 'as-needed' };
  if (!dosage) return asNeeded;
  if (dosage.asNeededBoolean === true || dosage.asNeededCodeableConcept !== undefined) return asNeeded;
  const repeat = dosage.timing?.repeat;
  if (!repeat) return asNeeded;

  const weekdays = repeat.dayOfWeek ? WEEKDAYS.filter((day) => repeat.dayOfWeek!.includes(day)) : [];
  if (repeat.dayOfWeek && weekdays.length !== repeat.dayOfWeek.length) return asNeeded;
  const onDays = (times: string[]): MedicationSchedule =>
    weekdays.length > 0 && weekdays.length < WEEKDAYS.length ? { kind: 'weekdays', weekdays, times } : { kind: 'daily', times };
  const sorted = (times: string[]) => [...new Set(times)].sort();

  if (repeat.timeOfDay && repeat.timeOfDay.length > 0) {
    const times = repeat.timeOfDay.map(clockTime);
    if (times.some((time) => time === null) || new Set(times).size > MAX_TIMES_A_DAY) return asNeeded;
    return onDays(sorted(times as string[]));
  }
  if (repeat.when && repeat.when.length > 0) {
    const times = repeat.when.map((code) => WHEN_TIMES[code]);
    if (times.some((time) => time === undefined)) return asNeeded;
    return onDays(sorted(times as string[]));
  }
  // The days alone: those days, at 08:00.
  if (weekdays.length > 0 && repeat.period === undefined && repeat.frequency === undefined) return onDays(['08:00']);
  const frequency = repeat.frequency ?? 1;
  const { period, periodUnit } = repeat;
  if (period === undefined || !Number.isInteger(frequency)) return asNeeded;
  const perDay = (periodUnit === 'd' && period === 1) || (periodUnit === 'h' && period === 24);
  const spread = TIMES_FOR_DOSES_A_DAY[frequency as keyof typeof TIMES_FOR_DOSES_A_DAY] as readonly string[] | undefined;
  if (perDay && spread) return onDays([...spread]);
  if (periodUnit === 'h' && frequency === 1 && Number.isInteger(period) && period >= EVERY_HOURS_RANGE.min && period <= EVERY_HOURS_RANGE.max) {
    const first = repeat.extension?.find((extension) => extension.url === FIRST_DOSE_TIME)?.valueTime;
    const firstTime = (first ? clockTime(first) : null) ?? '08:00';
    return { kind: 'every-hours', everyHours: period, firstTime };
  }
  // F a week on F weekdays given: those days, at 08:00.
  if (periodUnit === 'wk' && period === 1 && weekdays.length > 0 && frequency === weekdays.length) {
    return onDays(['08:00']);
  }
  return asNeeded;
}
