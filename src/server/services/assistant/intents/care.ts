import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { Intent } from '../intent';
import { mentionedNames } from '../mentioned-names';
import { appointmentWhen, type CareFact, type PatientFacts } from '../patient-facts';
import { anyOf } from '../reading';
import { andList, longDate, whenFromToday } from './phrasing';

// The patient's preventative care: what is overdue, due soon or scheduled, or the item the question names.

/** One care item's line, as the Preventative Care list would say it. */
export function careLine(item: CareFact, facts: PatientFacts): string {
  const last = item.lastCompleted ? ` It was last completed on ${longDate(item.lastCompleted)}.` : '';
  switch (item.status) {
    case 'overdue': {
      const days = differenceInCalendarDays(parseISO(facts.today), parseISO(item.dueDate));
      return `${item.name} is overdue: it was due on ${longDate(item.dueDate)}, ${days} ${days === 1 ? 'day' : 'days'} ago.${last}`;
    }
    case 'due-soon':
      return `${item.name} is due soon, on ${longDate(item.dueDate)}${whenFromToday(facts, item.dueDate)}.${last}`;
    case 'upcoming':
      return `${item.name} is next due on ${longDate(item.dueDate)}.${last}`;
    case 'scheduled': {
      const visit = facts.nextAppointments.find((a) => mentionedNames(a.type, [item], (i) => i.name).length > 0);
      return `${item.name} is scheduled${visit ? ` with ${visit.providerName} ${appointmentWhen(visit)}` : ` (due ${longDate(item.dueDate)})`}.${last}`;
    }
    case 'completed':
      return `${item.name} was last completed on ${longDate(item.lastCompleted ?? item.dueDate)}.`;
  }
}

/** The item the question names, else what is overdue, due soon or scheduled (appointments.ts answers with it too). */
export function careAnswer(facts: PatientFacts, question: string): string {
  if (facts.care.length === 0) {
    return 'You have no preventative care items on file yet. You can add them under Preventative Care → Add Care Item.';
  }
  const named = mentionedNames(question, facts.care, (item) => item.name);
  if (named.length > 0) {
    // Open rounds first (the list holds them before completed ones); one line per care name.
    const byName = new Map<string, CareFact>();
    for (const item of named) if (!byName.has(item.name)) byName.set(item.name, item);
    return `From your Preventative Care list: ${[...byName.values()].map((item) => careLine(item, facts)).join(' ')}`;
  }
  const withStatus = (status: CareFact['status']) => facts.care.filter((item) => item.status === status);
  const dated = (items: CareFact[]) => andList.format(items.map((item) => `${item.name} (due ${longDate(item.dueDate)})`));
  const overdue = withStatus('overdue');
  const dueSoon = withStatus('due-soon');
  const scheduled = withStatus('scheduled');
  const parts: string[] = [];
  if (overdue.length > 0) parts.push(`Overdue: ${dated(overdue)}.`);
  if (dueSoon.length > 0) parts.push(`Due in the next three months: ${dated(dueSoon)}.`);
  if (scheduled.length > 0) parts.push(`Already scheduled: ${andList.format(scheduled.map((item) => item.name))}.`);
  if (overdue.length === 0 && dueSoon.length === 0) {
    const [next] = withStatus('upcoming');
    parts.unshift('Your preventative care is up to date: nothing is overdue or due in the next three months.');
    if (next) parts.push(`Next up: ${next.name}, due ${longDate(next.dueDate)}.`);
  } else {
    parts.unshift('From your Preventative Care list:');
    parts.push('You can book a visit from Preventative Care, or under Appointments → Schedule New.');
  }
  return parts.join(' ');
}

export const careDue: Intent = {
  id: 'care-due',
  matches: anyOf(
    /\b(overdue|preventive|preventative|screening|screenings|vaccine|vaccines|vaccination|immuni[sz]ation|shots?|booster|care items?)\b/,
    /\bdue\b(?! to\b)/,
    /\b(up to date|caught up|behind on|late for)\b/,
  ),
  answer: careAnswer,
  aboutHealth: true,
};

/** The open care item whose name matches, as its line from the Preventative Care list, or nothing. */
export function careItemNamed(facts: PatientFacts, name: RegExp): string {
  const item = facts.care.find((i) => name.test(i.name) && i.status !== 'completed');
  return item ? `From your Preventative Care list: ${careLine(item, facts)}` : '';
}
