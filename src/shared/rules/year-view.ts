import { addMonths, format, parseISO } from 'date-fns';
import { formatAppointmentTime } from './appointment-display';
import { CARE_DISPLAY, careStanding, categoryForCare, type CareBadge, type CareLabel } from './care';
import { formatDate } from './formats';
import type { AppointmentStatus, CareCategory, CareStatus } from './statuses';

/** The fields the Year View reads from a care item (the contract's CareItem fits). */
export interface YearCareItem {
  id: number;
  careName: string;
  dueDate: string;
  status: CareStatus;
  recurringMonths: number | null;
  lastCompleted: string | null;
  notes: string | null;
  /** Chosen by the patient or taken from the name by the server; read from the name when absent. */
  category?: CareCategory;
}

/** The fields the Year View reads from an appointment (the contract's Appointment fits). */
export interface YearAppointment {
  id: number;
  providerId: number;
  appointmentType: string;
  appointmentDate: string;
  appointmentTime: string;
  status: AppointmentStatus;
  notes: string | null;
  careItemId: number | null;
}

export interface YearEntry {
  key: string;
  /** A care item in its month, an appointment on its day, or a later round of recurring care. */
  source: 'care' | 'appointment' | 'projected';
  service: string;
  category: CareCategory;
  status: CareLabel;
  badge: CareBadge;
  description: string;
  /** 'yyyy-MM-dd': the day that places the entry in its month. */
  date: string;
  /** 'March 2027', for the tooltip's 'Due: …'. */
  dueLabel: string;
}

export interface YearMonth {
  /** 0 for January. */
  index: number;
  name: string;
  isCurrent: boolean;
  entries: YearEntry[];
}

export interface YearScheduleOptions {
  /** The patient's today, 'yyyy-MM-dd' (todayOfPatient). */
  today: string;
  /** The provider's name for an appointment's description; null leaves the provider out. */
  providerName?: (providerId: number) => string | null;
}

const MONTH_NAMES = Array.from({ length: 12 }, (_, index) => format(new Date(2000, index, 1), 'MMMM'));

const toDay = (date: Date) => format(date, 'yyyy-MM-dd');
const yearOf = (day: string) => Number(day.slice(0, 4));
const monthOf = (day: string) => Number(day.slice(5, 7)) - 1;
const monthLabel = (day: string) => format(parseISO(day), 'MMMM yyyy');

/** 'Recurring every month', 'Recurring every 12 months'. */
export function recurrenceText(months: number): string {
  return months === 1 ? 'Recurring every month' : `Recurring every ${months} months`;
}

/** Parts read as sentences: each ends with a full stop unless it already ends a sentence. */
function sentences(parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((part) => part?.trim())
    .filter((part): part is string => !!part)
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

const categoryOf = (item: YearCareItem): CareCategory => item.category ?? categoryForCare(item.careName);

const nameKey = (careName: string) => careName.trim().toLowerCase();

/** The day that places a care item: a completed one when it was done (if known), any other when it is due. */
const placedOn = (item: YearCareItem) => (item.status === 'completed' && item.lastCompleted ? item.lastCompleted : item.dueDate);

/** Newest first: the latest day, then the highest id. */
const newer = (a: YearCareItem, b: YearCareItem) => placedOn(b).localeCompare(placedOn(a)) || b.id - a.id;

/**
 * The item of each care name that later rounds follow from. When a recurring item is completed the server adds
 * an open item for the next round, so an open item of the same name continues every completed one: the latest open
 * item is the head; only when none is open, the latest completed one.
 */
function recurringHeads(items: readonly YearCareItem[]): YearCareItem[] {
  const byName = new Map<string, YearCareItem[]>();
  for (const item of items) {
    const key = nameKey(item.careName);
    byName.set(key, [...(byName.get(key) ?? []), item]);
  }
  return [...byName.values()].flatMap((group) => {
    const open = group.filter((item) => item.status !== 'completed').sort(newer);
    const head = open[0] ?? [...group].sort(newer)[0];
    return head?.recurringMonths ? [head] : [];
  });
}

/**
 * Later rounds of a recurring item that fall in the year: every recurringMonths after its due date, or, when it is
 * completed, after the day it was done (the server's next due date). Only days from today on: a round that would
 * have been in the past is not a plan, and the item itself already shows where it stands.
 */
function projectedRounds(item: YearCareItem, year: number, today: string): YearEntry[] {
  const months = item.recurringMonths;
  if (!months) return [];
  const base = placedOn(item);
  const baseDate = parseISO(base);
  // Start at the last round before the year, so a year far ahead costs no more than a near one.
  const monthsToYear = (year - yearOf(base)) * 12 - monthOf(base);
  const entries: YearEntry[] = [];
  for (let round = Math.max(1, Math.floor(monthsToYear / months)); ; round += 1) {
    const day = toDay(addMonths(baseDate, round * months));
    if (yearOf(day) > year) break;
    if (yearOf(day) < year || day < today) continue;
    entries.push({
      key: `projected-${item.id}-${day}`,
      source: 'projected',
      service: item.careName,
      category: categoryOf(item),
      // A projection, not an item falling due: Upcoming however near.
      status: CARE_DISPLAY.upcoming.label,
      badge: CARE_DISPLAY.upcoming.badge,
      description: sentences(['Projected from your schedule', recurrenceText(months)]),
      date: day,
      dueLabel: monthLabel(day),
    });
  }
  return entries;
}

function careEntry(item: YearCareItem, today: string): YearEntry {
  const { label, badge } = CARE_DISPLAY[careStanding(item.status, item.dueDate, today)];
  const completedOn = item.status === 'completed' && item.lastCompleted ? `Completed on ${formatDate(item.lastCompleted)}` : null;
  const recurrence = item.recurringMonths ? recurrenceText(item.recurringMonths) : null;
  return {
    key: `care-${item.id}`,
    source: 'care',
    service: item.careName,
    category: categoryOf(item),
    status: label,
    badge,
    description: sentences([completedOn, item.notes, recurrence ?? (item.notes || completedOn ? null : 'One-time care')]),
    date: placedOn(item),
    dueLabel: monthLabel(item.dueDate),
  };
}

function appointmentEntry(
  appointment: YearAppointment,
  linked: YearCareItem | undefined,
  providerName: YearScheduleOptions['providerName'],
): YearEntry {
  const day = appointment.appointmentDate.slice(0, 10);
  const { label, badge } = CARE_DISPLAY[appointment.status === 'completed' ? 'completed' : 'scheduled'];
  const provider = providerName?.(appointment.providerId);
  const when = provider ? `With ${provider} on ${formatDate(day)}` : `On ${formatDate(day)}`;
  return {
    key: `appointment-${appointment.id}`,
    source: 'appointment',
    service: appointment.appointmentType,
    // The care item it was booked for knows its category best (the patient may have chosen one).
    category: linked ? categoryOf(linked) : categoryForCare(appointment.appointmentType),
    status: label,
    badge,
    description: sentences([when, `Time: ${formatAppointmentTime(appointment.appointmentTime)}`, appointment.notes ?? linked?.notes]),
    date: day,
    dueLabel: monthLabel(day),
  };
}

/**
 * The Year View (part 2 §2 (docs/product.md#part-2-2)): the year's twelve months, each with the patient's care items, appointments and later
 * rounds of recurring care that fall in it, by day. Cancelled appointments are left out. An appointment booked for a
 * care item (careItemId) in the month the item is shown stands for both: it says when and with whom, and whether it
 * happened, where the item only says that it is scheduled. A projected round is left out of a month that already
 * lists care or an appointment of the same name.
 */
export function yearSchedule(
  year: number,
  careItems: readonly YearCareItem[],
  appointments: readonly YearAppointment[],
  { today, providerName }: YearScheduleOptions,
): YearMonth[] {
  const itemsById = new Map(careItems.map((item) => [item.id, item]));
  const linkedItem = (appointment: YearAppointment) =>
    appointment.careItemId === null ? undefined : itemsById.get(appointment.careItemId);
  const booked = appointments.filter((appointment) => appointment.status !== 'cancelled');
  const appointmentEntries = booked
    .filter((appointment) => yearOf(appointment.appointmentDate) === year)
    .map((appointment) => appointmentEntry(appointment, linkedItem(appointment), providerName));

  // Care items an appointment in the same month already stands for.
  const standIns = new Set(
    booked.flatMap((appointment) => {
      const item = linkedItem(appointment);
      return item && placedOn(item).slice(0, 7) === appointment.appointmentDate.slice(0, 7) ? [item.id] : [];
    }),
  );
  const careEntries = careItems
    .filter((item) => yearOf(placedOn(item)) === year && !standIns.has(item.id))
    .map((item) => careEntry(item, today));

  // A round already booked or listed (by its name, or through the item an appointment is for) is not projected again.
  const listed = new Set([
    ...careEntries.map((entry) => `${nameKey(entry.service)}|${entry.date.slice(0, 7)}`),
    ...booked.flatMap((appointment) =>
      [appointment.appointmentType, linkedItem(appointment)?.careName]
        .filter((name): name is string => !!name)
        .map((name) => `${nameKey(name)}|${appointment.appointmentDate.slice(0, 7)}`),
    ),
  ]);
  const projected = recurringHeads(careItems)
    .flatMap((item) => projectedRounds(item, year, today))
    .filter((entry) => !listed.has(`${nameKey(entry.service)}|${entry.date.slice(0, 7)}`));

  const months: YearMonth[] = MONTH_NAMES.map((name, index) => ({
    index,
    name,
    isCurrent: yearOf(today) === year && monthOf(today) === index,
    entries: [],
  }));
  for (const entry of [...appointmentEntries, ...careEntries, ...projected]) months[monthOf(entry.date)]!.entries.push(entry);
  for (const month of months) {
    month.entries.sort((a, b) => a.date.localeCompare(b.date) || a.service.localeCompare(b.service) || a.key.localeCompare(b.key));
  }
  return months;
}
