import { addDays, format, parseISO } from 'date-fns';
import { isDueOn, scheduleTimes } from '../../../../shared/rules/medication-schedule';
import { isPastMedication, WEEKDAYS, type Weekday } from '../../../../shared/rules/medications';
import type { Intent } from '../intent';
import { mentionedNames } from '../mentioned-names';
import { doseState, doseTitle, medicationLine, medicationTitle, refillsWords, scheduleInWords, WEEKDAY_NAMES, weekdayWords } from '../medication-words';
import type { DoseFact, MedicationFact, PatientFacts } from '../patient-facts';
import { anyOf, normaliseQuestion } from '../reading';
import { andList, inSentence, longDate } from './phrasing';

// The patient's medications (issue 32), from the Medications list and today's dose log: what they take (at a time of
// day, today, tomorrow, on a weekday), when they take one, whether they took it today, what it is for, how many
// refills and how much is left, and the whole list. Every answer reads the record: none says what to take, skip,
// double or change — a question that asks for that is told to ask a doctor or pharmacist.

/**
 * The parts of a day, as clock ranges on the patient's clock (both ends included). Noon overlaps the morning and the
 * afternoon on purpose: "what do I take at lunch" includes an 11:30 and a 13:00 dose. The night runs past midnight.
 */
const PARTS_OF_DAY = [
  { id: 'tonight', label: 'tonight', from: '17:00', to: '04:59', pattern: /\btonight\b/ },
  { id: 'morning', label: 'in the morning', from: '05:00', to: '11:59', pattern: /\b(mornings?|breakfast|wake up|waking up|first thing)\b/ },
  { id: 'noon', label: 'around noon', from: '11:00', to: '13:59', pattern: /\b(noon|midday|lunch|lunchtime)\b/ },
  { id: 'afternoon', label: 'in the afternoon', from: '12:00', to: '16:59', pattern: /\bafternoons?\b/ },
  { id: 'evening', label: 'in the evening', from: '17:00', to: '20:59', pattern: /\b(evenings?|dinner|dinnertime|supper)\b/ },
  { id: 'night', label: 'at night', from: '21:00', to: '04:59', pattern: /\b(night|nights|nighttime|bedtime|bed|overnight)\b/ },
] as const;
type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** Whether a time is in the part of the day asked about; every time is when none is asked, and an as-needed dose (no time) only then. */
const inPart = (time: string | null, part: PartOfDay | undefined) =>
  !part || (time !== null && (part.from <= part.to ? time >= part.from && time <= part.to : time >= part.from || time <= part.to));
/** 'in the evening (17:00–20:59)' */
const partWords = (part: PartOfDay) => `${part.label} (${part.from}–${part.to})`;
/** The part's times in its own order: the night's 21:00 before its 02:00. */
const partOrder = (part: PartOfDay | undefined) => (time: string) => (part && part.from > part.to && time < part.from ? `1${time}` : `0${time}`);

/** Which day a question asks about: today (this morning, tonight, so far), tomorrow, a weekday, or none (any day). */
type AskedDay = { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'weekday'; weekday: Weekday } | null;

function askedDay(text: string): AskedDay {
  if (/\b(today|todays|tonight|this (morning|afternoon|evening)|so far|yet)\b/.test(text)) return { kind: 'today' };
  if (/\btomorrow/.test(text)) return { kind: 'tomorrow' };
  const weekday = WEEKDAYS.find((day) => new RegExp(`\\b${WEEKDAY_NAMES[day].toLowerCase()}s?\\b`).test(text));
  return weekday ? { kind: 'weekday', weekday } : null;
}

const askedPart = (text: string): PartOfDay | undefined => PARTS_OF_DAY.find((part) => part.pattern.test(text));

// What a question asks, tried in this order.

/** Whether to take, skip, double, combine or change a medicine: never answered but by a doctor or pharmacist. */
const ASKS_ADVICE = anyOf(
  /(?<!\b(when|time|how) )\b(can|could|should|may) i (still |also |just )?(take|have|drink|double|skip|stop|mix|combine|crush|split|cut|chew|increase|decrease|lower|raise|change|use)\b/,
  /\bwhat (should|can|could) i (take|do|use)\b/,
  /\bwhat (do|should) i do\b/,
  /\bhow (much|many)\b.{0,25}\b(should|can|could) i\b/,
  /\b(is it|its|it is|is that) (ok|okay|safe|fine|bad|dangerous|alright|all right)\b/,
  /\bsafe to\b/,
  /\binteract/,
  /\bside effects?\b/,
  /\b(too much|too many|overdose|double dose|extra dose|make up for|instead of)\b/,
);
/** Words of a question about taking too much: the answer names Poison Control. */
const ABOUT_TOO_MUCH = /\b(too much|too many|overdose|double|extra|twice)\b/;
const ASKS_HOW_TO = /\b(how|where) (do|can|could|would) i (add|log|mark|record|enter|edit|change|update|remove|delete|track)\b/;
const ASKS_REFILLS = /\b(refills?|refilled|run out|running out|runs out|on hand|in stock|left|remaining|supply)\b/;
const ASKS_REASON = anyOf(
  /\bwhat (is|s|are) (\w+ ){0,3}for\b/,
  /\bwhats (\w+ ){0,3}for\b/,
  /\bwhat (do|did|am) i (\w+ ){0,2}for\b/,
  /\b(on|take|taking) for\b/,
  /\bwhy (do|am|did|was) i (take|taking|on|prescribed)\b/,
  /\bwhat does (\w+ ){1,3}(treat|do)\b/,
  /\b(used|prescribed) for\b/,
);
const ASKS_LOGGED = anyOf(
  /\b(did|have|has) i (already |just |actually |really )?(take|taken|took|had|use|used|log|logged|miss|missed|skip|skipped|forget|forgot)\b/,
  /\b(is|was|were|are) (my |the )?(\w+ ){0,3}(taken|logged)\b/,
  /\b(taken|logged) (my|the|it|all|everything)\b/,
);
const ASKS_WHEN = /\b(when|what time|what times|how often|how many times|which days?|what days?|how (do|should) i take|how to take)\b/;

/**
 * The medications a question names by their own words, current first (the past ones only when no current one is
 * named): a name is not a kind of service, so no synonyms ("medicine" in "Cough medicine" is not "medications").
 */
function namedMedications(question: string, facts: PatientFacts): MedicationFact[] {
  const { current, past } = facts.medicationList;
  const byName = (medications: readonly MedicationFact[]) => mentionedNames(question, medications, (medication) => medication.name, { synonyms: false });
  const named = byName(current);
  return named.length > 0 ? named : byName(past);
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const onDay = (day: string) => `on ${longDate(day)}`;
const dosesOf = (facts: PatientFacts, medication: MedicationFact) => facts.todaysDoses.filter((dose) => dose.medicationId === medication.id);
const isEnded = (facts: PatientFacts, medication: MedicationFact) => medication.endDate !== null && medication.endDate < facts.today;

/** Where the doses are logged, said after an answer that finds one not logged. */
const HOW_TO_LOG = "If you took it, you can mark it Taken in Today's doses on the dashboard, or on the Medications page.";
const ASK_DOCTOR_OR_PHARMACIST = 'Before changing how you take any medicine, check with your doctor or pharmacist.';

/** Why a medication has nothing due: paused, stopped, ended, not started yet, or not a day of its schedule. */
function standing(facts: PatientFacts, medication: MedicationFact): string {
  const title = medicationTitle(medication);
  if (medication.status === 'stopped') return `You stopped ${title} ${onDay(medication.stoppedOn ?? facts.today)}${medication.stopReason ? ` (${medication.stopReason})` : ''}.`;
  if (isEnded(facts, medication)) return `${title} ended ${onDay(medication.endDate!)}.`;
  if (medication.status === 'paused') return `${title} is paused (since ${longDate(medication.pausedOn ?? facts.today)}), so no doses are due until you resume it on the Medications page.`;
  if (medication.startDate !== null && medication.startDate > facts.today) return `${title} starts ${onDay(medication.startDate)}.`;
  return '';
}

// --- Each answer ---

function noMedicationsAnswer(facts: PatientFacts): string {
  if (facts.medications) {
    return (
      `Your Medications list is empty. In My Profile you noted: ${inSentence(facts.medications)}. ` +
      'To see your doses and log them, add each medication on the Medications page (it offers to turn that text into medications).'
    );
  }
  return "You have no medications recorded. You can add them on the Medications page, with when you take them, and log each dose there or in Today's doses on the dashboard.";
}

function listAnswer(facts: PatientFacts): string {
  const { current, past } = facts.medicationList;
  const note = (m: MedicationFact) =>
    m.status === 'paused'
      ? ` (paused since ${longDate(m.pausedOn ?? facts.today)})`
      : m.startDate !== null && m.startDate > facts.today
        ? ` (starting ${longDate(m.startDate)})`
        : '';
  const parts = [
    current.length > 0
      ? `From your Medications list, you take: ${current.map((m) => `${medicationLine(m)}${note(m)}`).join('; ')}.`
      : 'You have no current medications on your Medications list.',
  ];
  if (past.length > 0) {
    const ended = (m: MedicationFact) => `${medicationTitle(m)} (${m.status === 'stopped' ? 'stopped' : 'ended'} ${onDay(m.stoppedOn ?? m.endDate ?? facts.today)})`;
    parts.push(`Past: ${andList.format(past.map(ended))}.`);
  }
  if (facts.medications) parts.push(`Also noted in My Profile: ${inSentence(facts.medications)}.`);
  parts.push(ASK_DOCTOR_OR_PHARMACIST);
  return parts.join(' ');
}

/**
 * 'Metformin 500 mg (1 tablet; Take with food)'; with `weekdays`, a medication taken on some days only says which
 * ('Vitamin D3 1000 IU (1 capsule; on Mondays and Thursdays)'), for an answer about no day in particular.
 */
const withHow = (m: MedicationFact, weekdays = false) => {
  const days = weekdays && m.schedule.kind === 'weekdays' ? weekdayWords(m.schedule.weekdays) : '';
  const how = [m.dose, m.instructions, days].filter(Boolean).join('; ');
  return `${medicationTitle(m)}${how ? ` (${how})` : ''}`;
};

/** 'at 08:00, Lisinopril 10 mg (1 tablet) and Metformin 500 mg (1 tablet; Take with food); at 20:00, …' */
function byTime(entries: Array<{ time: string; medication: MedicationFact }>, part: PartOfDay | undefined, weekdays: boolean): string {
  const order = partOrder(part);
  const times = [...new Set(entries.map((entry) => entry.time))].sort((a, b) => order(a).localeCompare(order(b)));
  return times
    .map((time) => `at ${time}, ${andList.format(entries.filter((entry) => entry.time === time).map((entry) => withHow(entry.medication, weekdays)))}`)
    .join('; ');
}

/** What is taken at set times on a day (or any day), in a part of it or all of it: the schedule, not the log. */
function planAnswer(facts: PatientFacts, day: Exclude<AskedDay, { kind: 'today' }>, part: PartOfDay | undefined): string {
  const { current } = facts.medicationList;
  // Current is active or paused, never ended (loadPatientFacts splits the list as the Medications page does).
  const taking = current.filter((m) => m.status === 'active');
  const date = day?.kind === 'tomorrow' ? format(addDays(parseISO(facts.today), 1), 'yyyy-MM-dd') : null;
  const appliesOn = (m: MedicationFact) => {
    if (date) return isDueOn(m, date);
    if (day?.kind === 'weekday' && m.schedule.kind === 'weekdays') return m.schedule.weekdays.includes(day.weekday);
    return true;
  };
  const allDay = taking.filter(appliesOn).flatMap((medication) => scheduleTimes(medication.schedule).map((time) => ({ time, medication })));
  const entries = allDay.filter((entry) => inPart(entry.time, part));
  const when = [
    date ? `Tomorrow (${format(parseISO(date), 'EEEE, MMMM d')})` : day?.kind === 'weekday' ? `On ${WEEKDAY_NAMES[day.weekday]}s` : '',
    part ? partWords(part) : '',
  ]
    .filter(Boolean)
    .join(' ');
  // Without a day, a medication taken on some weekdays only says which.
  const anyDay = day === null;
  const parts: string[] = [];
  if (entries.length > 0) {
    parts.push(`${when ? `${capitalised(when)}, you take` : 'You take'}: ${byTime(entries, part, anyDay)}.`);
  } else if (taking.some((m) => m.schedule.kind !== 'as-needed')) {
    parts.push(`Nothing on your Medications list is scheduled ${when ? when.charAt(0).toLowerCase() + when.slice(1) : 'at set times'}.`);
    if (part && allDay.length > 0) parts.push(`${anyDay ? 'Your set times' : 'That day, your set times'}: ${byTime(allDay, undefined, anyDay)}.`);
  } else {
    parts.push('Nothing on your Medications list is taken at set times.');
  }
  const asNeeded = taking.filter((m) => m.schedule.kind === 'as-needed');
  if (asNeeded.length > 0) parts.push(`As needed, not at set times: ${andList.format(asNeeded.map((m) => withHow(m)))}.`);
  const paused = current.filter((m) => m.status === 'paused');
  if (paused.length > 0) parts.push(`Paused, so not included: ${andList.format(paused.map(medicationTitle))}.`);
  return parts.join(' ');
}

/** 'Lisinopril 10 mg at 08:00: taken at 08:04' */
const doseLine = (dose: DoseFact, clock: string) => `${doseTitle(dose)}: ${doseState(dose, clock)}`;

/** Today's doses from the log, in a part of the day or all of it. */
function todayAnswer(facts: PatientFacts, part: PartOfDay | undefined): string {
  const doses = facts.todaysDoses.filter((dose) => inPart(dose.time, part));
  const when = part ? (part.id === 'tonight' ? partWords(part) : `today ${partWords(part)}`) : 'today';
  if (doses.length === 0) {
    const scheduledToday = facts.todaysDoses.filter((dose) => dose.time !== null);
    const others = part && scheduledToday.length > 0 ? ` Today's doses: ${scheduledToday.map((dose) => doseLine(dose, facts.clock)).join('; ')}.` : '';
    return `Nothing on your Medications list is due ${when}.${others}`;
  }
  const unlogged = doses.some((dose) => doseState(dose, facts.clock) === 'not logged');
  return [`Your doses ${when}, from your log (it is ${facts.clock} now): ${doses.map((dose) => doseLine(dose, facts.clock)).join('; ')}.`, unlogged ? HOW_TO_LOG : '']
    .filter(Boolean)
    .join(' ');
}

/** "Did I take my Metformin today?": what the log says of each of its doses today. */
function loggedOne(facts: PatientFacts, medication: MedicationFact, part: PartOfDay | undefined): string {
  const title = medicationTitle(medication);
  const doses = dosesOf(facts, medication).filter((dose) => inPart(dose.time, part));
  if (medication.schedule.kind === 'as-needed' && doses.length === 0) {
    return `You haven't logged ${title} today. You take it as needed.`;
  }
  if (doses.length === 0) {
    const why = standing(facts, medication);
    if (why) return why;
    return `No dose of ${title} is due ${part ? `today ${partWords(part)}` : 'today'}: you take it ${scheduleInWords(medication.schedule)}.`;
  }
  const taken = doses.filter((dose) => dose.logged === 'taken');
  const others = doses.filter((dose) => dose.logged !== 'taken');
  const takenAt = andList.format(taken.map((dose) => dose.takenAt!));
  const asNeeded = medication.schedule.kind === 'as-needed' ? ' (as needed)' : '';
  if (others.length === 0) return `Yes — you took ${title} at ${takenAt}${asNeeded}.`;
  const sentences = taken.length > 0 ? [`You took ${title} at ${takenAt}.`] : [];
  const clauses = others.map((dose, index) => {
    const your = `your ${dose.time} dose${taken.length === 0 && index === 0 ? ` of ${title}` : ''}`;
    const state = doseState(dose, facts.clock);
    if (state === 'still due') return `${your} is still due`;
    if (state === 'not logged') return `${your} isn't logged as taken`;
    // 'skipped (Skipped dinner)', 'missed'.
    return `${your} is logged as ${state}`;
  });
  const notYet = others.every((dose) => dose.logged === null);
  sentences.push(notYet ? `Not yet: ${andList.format(clauses)}.` : `${capitalised(andList.format(clauses))}.`);
  if (others.some((dose) => doseState(dose, facts.clock) === 'not logged')) sentences.push(HOW_TO_LOG);
  return sentences.join(' ');
}

function loggedAnswer(facts: PatientFacts, named: MedicationFact[], part: PartOfDay | undefined): string {
  if (named.length === 0) return todayAnswer(facts, part);
  return named.map((medication) => loggedOne(facts, medication, part)).join(' ');
}

/** "When do I take my Metformin?": its schedule, how, and where today's doses stand. */
function whenOne(facts: PatientFacts, medication: MedicationFact): string {
  const title = medicationTitle(medication);
  const why = standing(facts, medication);
  if (isPastMedication(medication, facts.today)) return `${why} You took it ${scheduleInWords(medication.schedule)}.`;
  const parts = [`You take ${title}${medication.dose ? ` (${medication.dose})` : ''} ${scheduleInWords(medication.schedule)}.`];
  if (medication.instructions) parts.push(`Instructions: ${inSentence(medication.instructions)}.`);
  if (why) parts.push(why);
  const today = dosesOf(facts, medication).filter((dose) => dose.time !== null);
  if (today.length > 0) parts.push(`Today: ${today.map((dose) => `${dose.time} ${doseState(dose, facts.clock)}`).join('; ')}.`);
  return parts.join(' ');
}

function reasonAnswer(facts: PatientFacts, question: string, named: MedicationFact[]): string {
  if (named.length > 0) {
    return named
      .map((m) =>
        m.reason
          ? `${medicationTitle(m)} is for ${inSentence(m.reason)}, according to your Medications list.`
          : `No reason is recorded for ${medicationTitle(m)}. You can add one on the Medications page; your doctor or pharmacist can tell you what it is for.`,
      )
      .join(' ');
  }
  const { current } = facts.medicationList;
  const withReason = current.filter((m) => m.reason !== null);
  const reasons = withReason.length > 0 ? `Your list: ${withReason.map((m) => `${medicationTitle(m)} for ${inSentence(m.reason!)}`).join('; ')}.` : '';
  // "What do I take for my blood pressure?": the medications whose reason the question names.
  const forWhat = /\bfor\b(.*)$/.exec(normaliseQuestion(question))?.[1]?.trim() ?? '';
  if (!forWhat) return reasons || 'No reasons are recorded on your Medications list. You can add them on the Medications page.';
  const matching = mentionedNames(forWhat, withReason, (m) => m.reason!);
  if (matching.length > 0) return `From your Medications list: ${matching.map((m) => `${medicationLine(m)}, for ${inSentence(m.reason!)}`).join('; ')}.`;
  return `Nothing on your Medications list is recorded as being for that. I can't suggest a medicine: please ask your doctor or pharmacist. ${reasons}`.trim();
}

/** What the quantity on hand counts, when the form says: tablets, capsules, patches. */
function quantityWords(m: MedicationFact, count: number): string {
  const unit = m.form === 'tablet' ? 'tablet' : m.form === 'capsule' ? 'capsule' : m.form === 'patch' ? 'patch' : null;
  if (!unit) return `${count} on hand`;
  return `${count} ${count === 1 ? unit : unit === 'patch' ? 'patches' : `${unit}s`} on hand`;
}

function refillsAnswer(facts: PatientFacts, named: MedicationFact[]): string {
  const medications = named.length > 0 ? named : facts.medicationList.current;
  const line = (m: MedicationFact) => {
    const known = [
      m.refillsLeft !== null ? refillsWords(m.refillsLeft) : '',
      m.quantityOnHand !== null ? quantityWords(m, m.quantityOnHand) : '',
    ].filter(Boolean);
    return `${medicationTitle(m)}: ${known.length > 0 ? andList.format(known) : 'no refills or quantity recorded'}`;
  };
  const pharmacies = [...new Set(medications.map((m) => m.pharmacy).filter((p): p is string => p !== null))];
  return [
    `From your Medications list: ${medications.map(line).join('; ')}.`,
    pharmacies.length === 1 ? `Your pharmacy: ${pharmacies[0]}.` : '',
    'You can update these on the Medications page.',
  ]
    .filter(Boolean)
    .join(' ');
}

function adviceAnswer(facts: PatientFacts, question: string, named: MedicationFact[]): string {
  const parts = [
    "I can't advise on whether to take, skip, double, combine or change a medicine or a dose: please ask your doctor or pharmacist, who know your health and your other medicines.",
  ];
  if (ABOUT_TOO_MUCH.test(normaliseQuestion(question))) {
    parts.push('If you think you or someone else took too much, call Poison Control (US) at 1-800-222-1222, or 911 if they are very unwell.');
  }
  if (named.length > 0) {
    parts.push(`From your Medications list: ${named.map((m) => `${medicationLine(m)}${m.instructions ? ` (${inSentence(m.instructions)})` : ''}`).join('; ')}.`);
  }
  return parts.join(' ');
}

const HOW_TO =
  "On the Medications page you can add a medication (Add Medication, with when you take it), change it, stop or pause it, and see each one's dose log. To log a dose, choose Taken in Today's doses on the dashboard, or on the Medications page.";

/** The one answer of both intents: what the question asks of the Medications list and today's log. */
function medicationsAnswer(facts: PatientFacts, question: string): string {
  const text = normaliseQuestion(question);
  const named = namedMedications(question, facts);
  if (ASKS_ADVICE(text)) return adviceAnswer(facts, question, named);
  if (ASKS_HOW_TO.test(text)) return HOW_TO;
  const { current, past } = facts.medicationList;
  if (current.length === 0 && past.length === 0) return noMedicationsAnswer(facts);
  const part = askedPart(text);
  const day = askedDay(text);
  if (ASKS_REFILLS.test(text)) return refillsAnswer(facts, named);
  if (ASKS_LOGGED(text)) return loggedAnswer(facts, named, part);
  if (ASKS_REASON(text) && (named.length > 0 || (!part && !day))) return reasonAnswer(facts, question, named);
  if (named.length > 0) return named.map((medication) => whenOne(facts, medication)).join(' ');
  if (day?.kind === 'today') return todayAnswer(facts, part);
  if (part || day || ASKS_WHEN.test(text)) return planAnswer(facts, day, part);
  return listAnswer(facts);
}

/** A question that names one of the patient's medications: tried before the general guidance, as it names their record. */
export const medicationNamed: Intent = {
  id: 'medication-named',
  matches: (text, facts) => facts !== undefined && namedMedications(text, facts).length > 0,
  answer: medicationsAnswer,
  aboutHealth: true,
};

/** A question about medications, doses or what the patient takes, that names none of theirs. */
export const medications: Intent = {
  id: 'medications',
  matches: anyOf(
    /\b(medication|medications|meds|medicine|medicines|prescription|prescriptions|drugs|pills|tablets|capsules|rx|refills?|doses?|dosage|inhalers?)\b/,
    /\bwhat (do|did|will|must) i (need to |have to )?take\b/,
    /\bwhat am i (taking|on)\b/,
    /\b(did|have) i (already |just )?(take|taken|took)\b/,
    /\b(when|what time) (do|should|must) i take\b/,
  ),
  answer: medicationsAnswer,
  aboutHealth: true,
};
