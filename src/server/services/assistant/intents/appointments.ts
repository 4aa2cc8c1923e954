import { withNotMedicalAdvice, type Intent } from '../intent';
import { mentionedNames } from '../mentioned-names';
import { describeAppointment, type PatientFacts } from '../patient-facts';
import { anyOf } from '../reading';
import { careAnswer } from './care';
import { whenFromToday } from './phrasing';

// The patient's appointments: when the next one is, or the one the question names.

function nextAppointmentAnswer(facts: PatientFacts, question: string): string {
  // "When is my eye exam?", "my appointment with Dr. Patel": the appointment named, else the care item named.
  const named = mentionedNames(question, facts.nextAppointments, (a) => `${a.type} ${a.providerName}`);
  if (named.length > 0) {
    return `From your Appointments: ${named.map((a) => `${describeAppointment(a)}${whenFromToday(facts, a.date)}`).join('; ')}.`;
  }
  if (mentionedNames(question, facts.care, (item) => item.name).length > 0) return withNotMedicalAdvice(careAnswer(facts, question));
  const [next, ...later] = facts.nextAppointments;
  if (!next) {
    return "You don't have any upcoming appointments scheduled. To book one, go to Appointments → Schedule New.";
  }
  const after = later.length > 0 ? ` After that: ${later.map(describeAppointment).join('; ')}.` : '';
  return `Your next appointment, from your Appointments: ${describeAppointment(next)}${whenFromToday(facts, next.date)}.${after}`;
}

export const nextAppointment: Intent = {
  id: 'next-appointment',
  matches: anyOf(
    /\b(appointment|appointments|appt|appts)\b/,
    /\b(see|seeing|visit|visiting) (the |my )?(doctor|dentist|optometrist|provider|dr)\b/,
    /\bnext (visit|checkup|check up)\b/,
    /\b(whats|what is|anything) (scheduled|on my calendar|coming up)\b/,
    /\b(when|what time|what day) (is|are|s|will|do i have|do i see) (my|the|i)\b/,
    /\bcalendar\b/,
  ),
  answer: nextAppointmentAnswer,
  aboutHealth: false,
};

/** Where to raise a worry: the next appointment, or how to book one. */
export function raiseItAtNextVisit(facts: PatientFacts): string {
  const [next] = facts.nextAppointments;
  return next
    ? `Your next appointment is ${describeAppointment(next)}; you can raise it then, or book something sooner under Appointments → Schedule New.`
    : 'You have no upcoming appointments; you can book one under Appointments → Schedule New.';
}
