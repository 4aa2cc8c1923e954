import { addDays, parseISO, format } from 'date-fns';
import { clockIn } from './patient';

/**
 * The words of each kind of notification (issue 33): the title shown in the app, which may name the provider or the
 * medication, and the discreet words sent outside the app by default, which never name a medication, a condition or
 * a test ("HealthAssist: you have a reminder (appointment tomorrow at 9:00)").
 */
export interface NotificationWords {
  title: string;
  discreetText: string;
  link: string;
}

/** '09:05' → '9:05': the patient's clock as a reminder says it. */
export function clockWords(time: string): string {
  return time.replace(/^0(\d)/, '$1');
}

/** 'today', 'tomorrow' or 'on Mon, Dec 7' for a day seen from another day (both 'yyyy-MM-dd'). */
export function dayWords(day: string, today: string): string {
  if (day === today) return 'today';
  if (day === format(addDays(parseISO(today), 1), 'yyyy-MM-dd')) return 'tomorrow';
  return `on ${format(parseISO(day), 'EEE, MMM d')}`;
}

/** The one sentence every channel outside the app starts from, discreet or detailed. */
export const outsideSentence = (words: string) => `HealthAssist: you have a reminder (${words})`;

export function appointmentWords(
  appointment: { start: Date; providerName: string | null; type: string; /** A preference instead of a clock time: 'morning', 'any'. */ preference?: string },
  timeZone: string | null,
  now: Date,
): NotificationWords {
  const { date, time } = clockIn(timeZone, appointment.start);
  const day = dayWords(date, clockIn(timeZone, now).date);
  const when = !appointment.preference
    ? `${day} at ${clockWords(time)}`
    : appointment.preference === 'any'
      ? day
      : `${day} in the ${appointment.preference}`;
  const withWhom = appointment.providerName ? ` with ${appointment.providerName}` : '';
  return {
    title: `${appointment.type} ${when}${withWhom}`,
    discreetText: `appointment ${when}`,
    link: '/appointments',
  };
}

export function doseDueWords(medication: { title: string }, time: string): NotificationWords {
  return {
    title: `Time for ${medication.title} (${clockWords(time)})`,
    discreetText: `a dose at ${clockWords(time)}`,
    link: '/medications',
  };
}

export function doseMissedWords(medication: { title: string }, time: string): NotificationWords {
  return {
    title: `${medication.title} at ${clockWords(time)} is not logged yet`,
    discreetText: `a dose at ${clockWords(time)} is not logged`,
    link: '/medications',
  };
}

export function refillLowWords(medication: { title: string }, daysLeft: number): NotificationWords {
  const left = daysLeft <= 0 ? 'may have run out' : `has about ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
  return { title: `${medication.title} ${left}: time to refill`, discreetText: 'a refill is due', link: '/medications' };
}

export function careDigestWords(counts: { overdue: number; dueSoon: number }): NotificationWords {
  const parts = [
    counts.overdue > 0 ? `${counts.overdue} overdue` : '',
    counts.dueSoon > 0 ? `${counts.dueSoon} due soon` : '',
  ].filter(Boolean);
  return { title: `Preventative care: ${parts.join(', ')}`, discreetText: 'preventative care to review', link: '/preventative' };
}

export function confirmationCallFailedWords(providerName: string): NotificationWords {
  return {
    title: `The confirmation call to ${providerName} failed`,
    discreetText: 'a confirmation call failed',
    link: '/appointments',
  };
}

export function backupFailedWords(): NotificationWords {
  return { title: "Today's backup failed", discreetText: 'a backup failed', link: '/' };
}

export function newSignInWords(device: string): NotificationWords {
  return { title: `A sign-in from a new browser: ${device}`, discreetText: 'a sign-in from a new browser', link: '/settings/security' };
}
