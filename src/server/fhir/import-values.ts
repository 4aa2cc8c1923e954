import { TZDate } from '@date-fns/tz';
import type { DocumentType } from '../../shared/rules/documents';
import { calendarDayOf } from './fhir-input';

// A FHIR value as the value HealthAssist stores, or nothing when it has none that fits.

const AMOUNT_MAX = 100_000_000;

/** The file name's extension of a document whose Bundle gives it no title. */
export const EXTENSIONS: Record<DocumentType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** A text that is there, not blank, and at most `max` characters long. */
export const fits = (value: string | null | undefined, max: number): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= max;

/** A FHIR amount as the app's whole dollars: 0 when missing, negative or past the app's bound. */
export function dollars(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 && value <= AMOUNT_MAX ? Math.round(value) : 0;
}

/** A FHIR start as the app's date and 'HH:mm' in the patient's zone; a date alone is that day, any time. */
export function timeOf(start: string | undefined, timeZone: string): { date: string; time: string } | null {
  if (!start) return null;
  if (!start.includes('T')) {
    const day = calendarDayOf(start);
    return day ? { date: day, time: 'any' } : null;
  }
  const instant = Date.parse(start);
  if (Number.isNaN(instant)) return null;
  const local = new TZDate(instant, timeZone);
  if (local.getFullYear() < 1000 || local.getFullYear() > 9999) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}
