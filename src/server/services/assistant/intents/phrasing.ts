import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import type { PatientFacts } from '../patient-facts';

// How the answers word a day, a list and the patient's name.

/** A day as the answers write it: 'November 10, 2026'. */
export const longDate = (day: string) => format(parseISO(day), 'MMMM d, yyyy');
/** 'A, B, and C'. */
export const andList = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** The first word of the patient's name, or '' without one. */
export function firstName(facts: PatientFacts): string {
  return facts.displayName?.trim().split(/\s+/)[0] ?? '';
}

/** ' (today)', ' (tomorrow)', ' (in 9 days)' within a month, else nothing. */
export function whenFromToday(facts: PatientFacts, day: string): string {
  const days = differenceInCalendarDays(parseISO(day), parseISO(facts.today));
  if (days === 0) return ' (today)';
  if (days === 1) return ' (tomorrow)';
  return days > 1 && days <= 30 ? ` (in ${days} days)` : '';
}
