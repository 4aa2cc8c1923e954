import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import type { PatientFacts } from '../patient-facts';

// How the answers word a day, a list, the patient's name and their own words.

/** A day as the answers write it: 'November 10, 2026'. */
export const longDate = (day: string) => format(parseISO(day), 'MMMM d, yyyy');
/** 'A, B, and C'. */
export const andList = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * Text the patient typed, as an answer quotes it inside a sentence: its lines joined with '; ', without a closing stop
 * ('Lisinopril 10 mg\nVitamin D.' → 'Lisinopril 10 mg; Vitamin D'; 'Take with food.' → 'Take with food').
 */
export const inSentence = (text: string) => text.replace(/\s*\n\s*/g, '; ').replace(/[\s.;,]+$/, '');

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
