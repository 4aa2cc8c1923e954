import { scheduleTimes } from '../../../shared/rules/medication-schedule';
import { medicationTitle, WEEKDAY_NAMES, WEEKDAYS, type MedicationSchedule, type Weekday } from '../../../shared/rules/medications';
import { andList } from './intents/phrasing';
import type { DoseFact, MedicationFact } from './patient-facts';

export { medicationTitle, WEEKDAY_NAMES };

// How the assistant words a medication, its schedule and a dose of today, for its own answers (intents/medications.ts)
// and for a language model's facts (describeFacts) alike. Times are the patient's clock, 24-hour 'HH:mm', as the
// schedule and the Today's doses card write them.


/** Every N hours gives at most this many times before the answer stops listing them ('every 2 hours from 06:00'). */
const TIMES_LISTED = 6;


/** 'every day', 'on weekdays', 'at weekends', 'on Mondays and Thursdays'. */
export function weekdayWords(days: readonly Weekday[]): string {
  if (days.length === WEEKDAYS.length) return 'every day';
  if (days.length === 5 && !days.includes('sat') && !days.includes('sun')) return 'on weekdays';
  if (days.length === 2 && days.includes('sat') && days.includes('sun')) return 'at weekends';
  return `on ${andList.format(days.map((day) => `${WEEKDAY_NAMES[day]}s`))}`;
}

/** 'every day at 08:00 and 20:00', 'on Mondays and Thursdays at 09:00', 'every 8 hours from 06:00 (06:00, 14:00, and 22:00)', 'as needed'. */
export function scheduleInWords(schedule: MedicationSchedule): string {
  switch (schedule.kind) {
    case 'daily':
      return `every day at ${andList.format(scheduleTimes(schedule))}`;
    case 'weekdays':
      return `${weekdayWords(schedule.weekdays)} at ${andList.format(scheduleTimes(schedule))}`;
    case 'every-hours': {
      const times = scheduleTimes(schedule);
      const every = schedule.everyHours === 1 ? 'every hour' : `every ${schedule.everyHours} hours`;
      return `${every} from ${schedule.firstTime}${times.length > 1 && times.length <= TIMES_LISTED ? ` (${andList.format(times)})` : ''}`;
    }
    case 'as-needed':
      return 'as needed';
  }
}

/** '1 refill left', '3 refills left'. */
export const refillsWords = (refillsLeft: number) => `${refillsLeft} ${refillsLeft === 1 ? 'refill' : 'refills'} left`;

/** 'Metformin 500 mg, 1 tablet every day at 08:00 and 20:00': what, how much, when. */
export function medicationLine(medication: MedicationFact): string {
  const dose = medication.dose ? `, ${medication.dose}` : '';
  return `${medicationTitle(medication)}${dose} ${scheduleInWords(medication.schedule)}`;
}

/** What the log says of one of today's doses: 'taken at 08:05', 'skipped (Skipped dinner)', 'still due', 'not logged'. */
export function doseState(dose: DoseFact, clock: string): string {
  const why = dose.reason ? ` (${dose.reason})` : '';
  switch (dose.logged) {
    case 'taken':
      return `taken at ${dose.takenAt}`;
    case 'skipped':
      return `skipped${why}`;
    case 'missed':
      return `missed${why}`;
    case null:
      // Due at this very minute is still due; 'HH:mm' compares as text.
      return dose.time !== null && dose.time >= clock ? 'still due' : 'not logged';
  }
}

/** 'Metformin 500 mg at 20:00', or 'Albuterol 90 mcg per puff (as needed)'. */
export const doseTitle = (dose: DoseFact) => `${medicationTitle(dose)} ${dose.time === null ? '(as needed)' : `at ${dose.time}`}`;
