import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { formatDollars, percentOf } from '../../../shared/rules/formats';
import { appointmentWhen, describeAppointment, type BenefitFact, type CareFact, type PatientFacts } from './patient-facts';

/**
 * The built-in assistant's rules, as data: the emergency signs, checked before anything else, then an ordered list
 * of intents, each recognised by words in the question and answered from the patient's own facts. The first intent
 * that matches answers; a question none matches gets careful general guidance.
 */

/** The last line of every answer that touches health, and of the general guidance. */
export const NOT_MEDICAL_ADVICE = "I'm an automated assistant, not a medical professional: this is general information, not medical advice.";

function withNotMedicalAdvice(answer: string): string {
  return `${answer}\n\n${NOT_MEDICAL_ADVICE}`;
}

/** The last line of every answer about coverage and costs. */
export const INSURER_HAS_FINAL_WORD = "Your insurer has the final word on what's covered and what you'll pay.";

// --- Reading a question ---

/**
 * The question as the rules read it: lower case, accents and apostrophes dropped ("can’t" → "cant"), every other
 * run of punctuation or spaces one space ("x-ray" → "x ray", "out-of-pocket" → "out of pocket").
 */
export function normaliseQuestion(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A matcher true when any of the patterns occurs in the normalised text. */
const anyOf =
  (...patterns: RegExp[]) =>
  (text: string) =>
    patterns.some((pattern) => pattern.test(text));

/** Words that ask how to do something, for the how-to intents: "how do I…", "can I…", "I need to…". */
const ASKS_HOW = /\b(how|where|can i|could i|do i|should i|want to|wanna|like to|need to|have to|help me|please|way to|steps|possible to)\b/;

// --- Emergencies ---

export interface EmergencySign {
  id: string;
  /** What the reply names, as the start of a sentence: 'Chest pain can be a sign of a medical emergency.' */
  what: string;
  /** Thoughts of suicide or self-harm: the reply adds the 988 Suicide & Crisis Lifeline. */
  crisis?: true;
  /** Tested on the normalised text. Negation is deliberately not read: "no chest pain" still matches. */
  patterns: RegExp[];
}

export const EMERGENCY_SIGNS: readonly EmergencySign[] = [
  {
    id: 'suicide-or-self-harm',
    what: 'Thoughts of suicide or self-harm',
    crisis: true,
    patterns: [
      /\bsuicid/,
      /\bkill(ing)? my ?self\b/,
      /\bkms\b/,
      /\b(end|ending) (my life|it all|myself)\b/,
      /\btake my (own )?life\b/,
      /\b((want|wanted|going|plan|planning|ready|trying) to|wanna|gonna) die\b/,
      /\b(wish i (was|were)|better off|rather be) dead\b/,
      /\bdont want to (live|be alive|exist|wake up)\b/,
      /\bno reason to live\b/,
      /\bself ?harm/,
      /\b(hurt|hurting|harm|harming|cut|cutting|burn|burning) my ?self\b/,
    ],
  },
  {
    id: 'chest-pain',
    what: 'Chest pain or pressure',
    patterns: [
      /\bchest\b.{0,20}\b(pain|pains|painful|hurt|hurts|hurting|ache|aching|tight|tightness|pressure|squeez\w*|crush\w*)/,
      /\b(pain|pains|pressure|tightness|crushing)\b.{0,15}\bchest\b/,
      /\b(heart attack|cardiac arrest)\b/,
    ],
  },
  {
    id: 'breathing',
    what: 'Trouble breathing',
    patterns: [
      /\b(cant|cannot|can not|couldnt|could not|unable to|struggling to|hard to|difficult to|hardly|barely) (catch my )?breath/,
      /\b(trouble|difficulty|difficulties|problem|problems|struggling|hard time|laboured|labored) (with )?breathing\b/,
      /\bshort(ness)? of breath\b/,
      /\bbreathless/,
      /\b(not|stopped|isnt|wasnt|no longer) breathing\b/,
      /\b(choking|gasping|suffocat\w*)\b/,
    ],
  },
  {
    id: 'stroke',
    what: 'Signs of a stroke (a drooping face, arm or leg weakness, slurred speech)',
    patterns: [
      /\bstrokes?\b/,
      /\b(face|mouth|smile|eyelid)\b.{0,12}\bdroop/,
      /\bdroop(ing|y)?\b.{0,12}\b(face|mouth|smile|eye|eyelid|side)\b/,
      /\bslurr(ed|ing)\b/,
      /\b(arm|arms|leg|legs|face|one side|left side|right side)\b.{0,15}\b(weak|weakness|numb|numbness|paralys\w*|paralyz\w*)\b/,
      /\b(weak|weakness|numb|numbness)\b.{0,15}\b(arm|arms|leg|legs|face|one side|left side|right side)\b/,
      /\bsudden\b.{0,20}\b(confusion|numbness|weakness|trouble (speaking|seeing|walking)|severe headache|vision loss)\b/,
      /\bworst headache\b/,
    ],
  },
  {
    id: 'bleeding',
    what: 'Severe bleeding',
    patterns: [
      /\b(severe|severely|heavy|heavily|a lot of|lots of|uncontrolled|uncontrollable|serious|profuse|profusely|massive)\b.{0,10}\bbleed/,
      /\bbleed(s|ing)?\b.{0,6}\b(heavily|badly|a lot|severely|profusely|everywhere)\b/,
      /\b(wont|will not|doesnt|does not|cant|cannot|can not|isnt|not) stop(ping)? (the )?bleed/,
      // Also "nosebleed won't stop".
      /bleed\w*\b.{0,15}\b(wont|will not|doesnt|does not|isnt|not|never) stop/,
      /\bbleeding out\b/,
      /\b(coughing|vomiting|throwing) (up )?blood\b/,
    ],
  },
  {
    id: 'overdose',
    what: 'An overdose or poisoning',
    patterns: [/\boverdos/, /\btoo many (pills|tablets|capsules)\b/, /\b(whole|entire) (bottle|pack|packet) of\b/, /\bpoison(ed|ing|ous)?\b(?! (ivy|oak|sumac))/],
  },
  {
    id: 'unconscious',
    what: 'Someone unconscious, unresponsive or having a seizure',
    patterns: [
      /\b(unconscious|unresponsive|not responding|collapsed|fainted|no pulse)\b/,
      /\b(passed|passing|blacked|blacking) out\b/,
      /\b(wont|will not|cant|cannot) wake( up| him| her| them)?\b/,
      /\b(seizure|seizures|seizing|convulsing|convulsions?)\b/,
    ],
  },
  {
    id: 'allergic-reaction',
    what: 'A severe allergic reaction',
    patterns: [/\banaphyla/, /\bthroat\b.{0,12}\b(closing|swelling|swollen|tight)/, /\b(lips|lip|tongue)\b.{0,10}\b(swelling|swollen)\b/],
  },
];

const CALL_NOW = 'Call 911 (or your local emergency number) now';

/**
 * The reply to a message that may describe an emergency, or null. It runs before every other rule and whatever
 * else answers chats (n8n, a language model). It errs on the side of safety: negations ("no chest pain") and words
 * about the past ("I had a stroke") still trigger it, because telling someone who is fine to call 911 costs far less
 * than missing someone who is not. A test or appointment that names a body part only ("chest x-ray") does not.
 */
export function emergencyReply(text: string): string | null {
  const normalised = normaliseQuestion(text);
  const signs = EMERGENCY_SIGNS.filter((sign) => sign.patterns.some((pattern) => pattern.test(normalised)));
  if (signs.length === 0) return null;
  if (signs.some((sign) => sign.crisis)) {
    return [
      `${CALL_NOW} if you are in danger or might act on these thoughts.`,
      'You can also call or text 988 to reach the 988 Suicide & Crisis Lifeline (in the US), any time, day or night, or chat at 988lifeline.org.',
      "You don't have to go through this alone: please reach out to someone right now. I'm an automated assistant and can't give the help you deserve.",
    ].join(' ');
  }
  const [sign] = signs;
  const poisonControl = signs.some((s) => s.id === 'overdose')
    ? ' For a poisoning where the person is awake and breathing, Poison Control (US) is at 1-800-222-1222.'
    : '';
  return (
    `${CALL_NOW}. ${sign!.what} can be a sign of a medical emergency: please get help right away rather than waiting. ` +
    `If you can, ask someone nearby to stay with you, and don't drive yourself.${poisonControl} ` +
    "I'm an automated assistant and can't help in an emergency. If this isn't happening now, I can still help with your appointments, care and insurance."
  );
}

// --- Naming a service or a care item ---

/** Words that mean the same service; a question and a name match through them ("eye exam" → "Vision exam"). */
const SAME_THING: readonly (readonly string[])[] = [
  ['dental', 'dentist', 'teeth', 'tooth', 'cleaning', 'dentistry'],
  ['vision', 'eye', 'eyes', 'optometrist', 'optometry', 'glasses', 'ophthalmologist'],
  ['emergency', 'er'],
  ['urgent', 'walk'],
  ['prescription', 'prescriptions', 'drug', 'drugs', 'medication', 'medications', 'meds', 'medicine', 'pharmacy', 'rx'],
  ['preventive', 'preventative', 'prevention', 'physical', 'wellness', 'annual'],
  ['specialist', 'specialists', 'cardiologist', 'dermatologist'],
  ['primary', 'doctor', 'gp', 'pcp', 'physician'],
  ['mental', 'therapy', 'therapist', 'counseling', 'counselling', 'psychiatrist', 'psychologist'],
  ['lab', 'labs', 'laboratory', 'bloodwork'],
  ['imaging', 'xray', 'mri', 'scan', 'ultrasound'],
  ['hospital', 'inpatient', 'hospitalization', 'hospitalisation'],
  ['flu', 'influenza'],
  ['vaccine', 'vaccines', 'vaccination', 'immunization', 'immunisation', 'shot'],
];

/** Words too general to name a service or an item on their own ("care", "visit", "check"). */
const TOO_GENERAL = new Set(
  'the and for with what does how much is are my your plan cover covered coverage care visit check checkup exam examination test screening service room appointment when due next last dr'.split(
    ' ',
  ),
);

const singular = (word: string) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);

/** A text's words, "x-ray" as one. */
function words(text: string): string[] {
  return normaliseQuestion(text.replace(/\bx[\s-]?rays?\b/gi, 'xray'))
    .split(' ')
    .filter((word) => word.length >= 2);
}

function sameWord(a: string, b: string): boolean {
  const [x, y] = [singular(a), singular(b)];
  if (x === y) return true;
  // A word and its longer form: 'exam' / 'examination', 'vaccin' / 'vaccination'.
  if (x.length >= 4 && y.length >= 4 && (x.startsWith(y) || y.startsWith(x))) return true;
  return SAME_THING.some((group) => (group.includes(a) || group.includes(x)) && (group.includes(b) || group.includes(y)));
}

const isGeneral = (word: string) => TOO_GENERAL.has(word) || TOO_GENERAL.has(singular(word));

/** How many of a name's own words the question mentions; general words count a little, and only beside a specific one. */
function mentionScore(questionWords: readonly string[], name: string): number {
  const nameWords = words(name);
  const mentioned = (word: string) => questionWords.some((q) => sameWord(q, word));
  const specific = nameWords.filter((word) => !isGeneral(word) && mentioned(word)).length;
  if (specific === 0) return 0;
  return specific + nameWords.filter((word) => isGeneral(word) && mentioned(word)).length / 10;
}

/** The items whose names the question mentions best, or none. */
export function mentionedNames<T>(question: string, items: readonly T[], nameOf: (item: T) => string): T[] {
  const questionWords = words(question);
  const scored = items.map((item) => ({ item, score: mentionScore(questionWords, nameOf(item)) }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  return best === 0 ? [] : scored.filter((s) => s.score === best).map((s) => s.item);
}

// --- Answers ---

const longDate = (day: string) => format(parseISO(day), 'MMMM d, yyyy');
const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

function firstName(facts: PatientFacts): string {
  return facts.displayName?.trim().split(/\s+/)[0] ?? '';
}

function whenFromToday(facts: PatientFacts, day: string): string {
  const days = differenceInCalendarDays(parseISO(day), parseISO(facts.today));
  if (days === 0) return ' (today)';
  if (days === 1) return ' (tomorrow)';
  return days > 1 && days <= 30 ? ` (in ${days} days)` : '';
}

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

function careLine(item: CareFact, facts: PatientFacts): string {
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

function careAnswer(facts: PatientFacts, question: string): string {
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
  const dated = (items: CareFact[]) => list.format(items.map((item) => `${item.name} (due ${longDate(item.dueDate)})`));
  const overdue = withStatus('overdue');
  const dueSoon = withStatus('due-soon');
  const scheduled = withStatus('scheduled');
  const parts: string[] = [];
  if (overdue.length > 0) parts.push(`Overdue: ${dated(overdue)}.`);
  if (dueSoon.length > 0) parts.push(`Due in the next three months: ${dated(dueSoon)}.`);
  if (scheduled.length > 0) parts.push(`Already scheduled: ${list.format(scheduled.map((item) => item.name))}.`);
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

const progress = (what: string, met: number, total: number, left: string) =>
  total <= 0
    ? `No ${what} is on file for it.`
    : met >= total
      ? `${what[0]!.toUpperCase()}${what.slice(1)}: ${formatDollars(total)}, met in full.`
      : `${what[0]!.toUpperCase()}${what.slice(1)}: ${formatDollars(met)} of ${formatDollars(total)} met (${percentOf(met, total)}%), ${formatDollars(total - met)} ${left}.`;

function planName(plan: NonNullable<PatientFacts['plan']>): string {
  return `${plan.provider} ${plan.planType} plan`;
}

function insuranceCostsAnswer(facts: PatientFacts): string {
  const { plan } = facts;
  if (!plan) return "You don't have an insurance plan on file yet. You can add yours under Insurance.";
  return [
    `From your ${planName(plan)}:`,
    progress('deductible', plan.deductibleMet, plan.deductible, 'left to meet'),
    progress('out-of-pocket maximum', plan.outOfPocketMet, plan.outOfPocketMax, 'left before you reach it'),
    INSURER_HAS_FINAL_WORD,
  ].join(' ');
}

const coverage = (benefit: BenefitFact) =>
  `${benefit.serviceName}: ${benefit.inNetworkCoverage} in network, ${benefit.outOfNetworkCoverage} out of network`;

function benefitsAnswer(facts: PatientFacts, question: string): string {
  const { plan } = facts;
  if (!plan) return "You don't have an insurance plan on file yet, so I can't look up your coverage. You can add your plan under Insurance.";
  if (plan.benefits.length === 0) {
    return `No benefits are listed for your ${planName(plan)} yet. You can add them under Insurance, or ask ${plan.provider} directly. ${INSURER_HAS_FINAL_WORD}`;
  }
  const named = mentionedNames(question, plan.benefits, (benefit) => benefit.serviceName);
  if (named.length > 0) {
    return `Your ${planName(plan)} lists ${named.map(coverage).join('; ')}. ${INSURER_HAS_FINAL_WORD}`;
  }
  const services = list.format(plan.benefits.map((benefit) => benefit.serviceName));
  return `I couldn't find that service among your plan's benefits. Your ${planName(plan)} lists: ${services}. Ask me about one of these, or check with ${plan.provider}. ${INSURER_HAS_FINAL_WORD}`;
}

function recordsAnswer(facts: PatientFacts): string {
  const { count, latest } = facts.records;
  if (count === 0 || !latest) {
    return "You don't have any medical records on file yet. To add one, go to Medical Records → Upload New Record (PDF, JPG or PNG, up to 20 MB).";
  }
  const description = latest.description ? ` ("${latest.description}")` : '';
  return (
    `You have ${count} medical ${count === 1 ? 'record' : 'records'} on file. The latest is ${latest.filename}${description}, ` +
    `uploaded on ${longDate(latest.uploadDate)}. You can view and download them under Medical Records.`
  );
}

/** Medications, allergies, conditions: the patient's own words from My Profile, or where to add them. */
function profileTextAnswer(field: 'medications' | 'allergies' | 'conditions', label: string, extra: string) {
  return (facts: PatientFacts) => {
    const text = facts[field];
    if (!text) return `You have no ${label} recorded. You can add them in My Profile, under Medical History.`;
    return `The ${label} on file in My Profile: ${text.replace(/\s*\n\s*/g, '; ').replace(/[\s.;,]+$/, '')}. ${extra}`;
  };
}

const HOW_TO_UPLOAD =
  'To upload a record, go to Medical Records and choose Upload New Record, then pick a PDF, JPG or PNG file (up to 20 MB) and add a short description if you like. Insurance documents can also be uploaded from the Insurance page.';
const HOW_TO_BOOK =
  'To book an appointment, go to Appointments → Schedule New, choose the provider, the type of visit, a date and a time, and confirm. For an overdue or due care item, the Schedule button on Preventative Care fills in the details for you.';
const HOW_TO_CALENDAR =
  "To add an appointment to your calendar, open Appointments and choose Add to calendar on that appointment. It downloads an .ics file, which Google Calendar, Outlook and Apple Calendar can all open or import.";
const HOW_TO_CANCEL =
  'To cancel an appointment, open Appointments and choose Cancel on it. To move it, cancel it and book the new time under Appointments → Schedule New.';

function greetingAnswer(facts: PatientFacts): string {
  const name = firstName(facts);
  return (
    `Hello${name ? `, ${name}` : ''}! I'm your health assistant. I can tell you about your appointments, preventative care, insurance, ` +
    'medical records, and the medications, allergies and conditions on file. What would you like to know?'
  );
}

const CAPABILITIES =
  'I can answer questions about your own information in this app: your next appointment, what care is overdue or due soon, your deductible and out-of-pocket progress, what your plan covers, your medical records, and the medications, allergies and conditions on file. I can also explain how to upload a record, book an appointment or add one to your calendar. Try "When is my next appointment?"';

function symptomsAnswer(facts: PatientFacts, question: string): string {
  const [next] = facts.nextAppointments;
  const mood = /\b(anxious|anxiety|depressed|depression|sad|hopeless|lonely|stressed|panic)\b/.test(normaliseQuestion(question));
  return [
    "I can't assess symptoms or tell what's causing them. If they are severe, sudden or getting worse, contact your doctor today, and call 911 for chest pain, trouble breathing or signs of a stroke.",
    mood ? "If you're struggling emotionally, you can call or text 988 any time to talk with someone." : '',
    next
      ? `Your next appointment is ${describeAppointment(next)}; you can raise it then, or book something sooner under Appointments → Schedule New.`
      : 'You have no upcoming appointments; you can book one under Appointments → Schedule New.',
  ]
    .filter(Boolean)
    .join(' ');
}

const FALLBACK =
  'I\'m not sure I understood that. I can answer questions about your own appointments, preventative care, insurance, medical records, medications, allergies and conditions, for example "When is my next appointment?" or "How much of my deductible is left?". For questions about symptoms, treatment or medicines, your doctor or pharmacist is the best person to ask, and if it is urgent, call 911.';

// --- The intents, in the order they are tried ---

export type IntentId =
  | 'how-to-upload'
  | 'how-to-calendar'
  | 'how-to-cancel'
  | 'how-to-book'
  | 'plan-benefits'
  | 'insurance-costs'
  | 'medications'
  | 'allergies'
  | 'conditions'
  | 'care-due'
  | 'next-appointment'
  | 'records'
  | 'symptoms'
  | 'capabilities'
  | 'greeting'
  | 'thanks';

export interface Intent {
  id: IntentId;
  /** Whether the question asks this, from its normalised text (normaliseQuestion). */
  matches: (normalisedText: string) => boolean;
  answer: (facts: PatientFacts, question: string) => string;
  /** The answer touches health: replyFromRules ends it with NOT_MEDICAL_ADVICE (an answer may add it itself). */
  aboutHealth: boolean;
}

/**
 * Tried in order, so the order is part of the rules: how-to questions before the data they name ("how do I upload a
 * record" is not "what records do I have"); coverage before costs ("is the ER covered after my deductible"); the
 * patient's own lists before care and appointments; symptoms, greetings and thanks last, so that "hi, when is my
 * appointment?" is answered.
 */
export const INTENTS: readonly Intent[] = [
  {
    id: 'how-to-upload',
    matches: (text) =>
      /^upload\b/.test(text) ||
      (ASKS_HOW.test(text) && anyOf(/\bupload\b/, /\b(add|store|save|scan|attach|put)\b.{0,30}\b(records?|documents?|files?|reports?|results?|pdfs?|scans?)\b/)(text)),
    answer: () => HOW_TO_UPLOAD,
    aboutHealth: false,
  },
  {
    id: 'how-to-calendar',
    matches: anyOf(
      /\b(ics|ical|icalendar)\b/,
      /\bexport\b.{0,30}\b(appointments?|calendar|visits?)\b/,
      /\b(appointments?|calendar|visits?)\b.{0,30}\bexport/,
      /\b(add|sync|download|put|save|import|get)\b.{0,40}\bcalendar\b/,
      /\bcalendar (file|invite|export)\b/,
    ),
    answer: () => HOW_TO_CALENDAR,
    aboutHealth: false,
  },
  {
    id: 'how-to-cancel',
    matches: anyOf(/\b(cancel|reschedule|move|change)\b.{0,30}\b(appointment|appointments|appt|visit)\b/),
    answer: () => HOW_TO_CANCEL,
    aboutHealth: false,
  },
  {
    id: 'how-to-book',
    matches: (text) =>
      /\b(schedule new|new appointment)\b/.test(text) ||
      ((ASKS_HOW.test(text) || /^(book|schedule|make)\b/.test(text)) &&
        /\b(book|schedule|make|set up|arrange|request|get)\b.{0,30}\b(appointments?|appt|visit|checkup|check up|exam|physical|cleaning)\b/.test(text)),
    answer: () => HOW_TO_BOOK,
    aboutHealth: false,
  },
  {
    id: 'plan-benefits',
    matches: anyOf(
      /\b(cover|covers|covered|coverage|benefit|benefits|copay|copays|co pay|coinsurance|co insurance|in network|out of network)\b/,
      /\bhow much (does|do|is|will|would|did)\b.{0,40}\b(cost|costs|pay)\b/,
      /\b(cost of|pay for)\b/,
    ),
    answer: benefitsAnswer,
    aboutHealth: false,
  },
  {
    id: 'insurance-costs',
    matches: anyOf(/\bdeductible/, /\bout of pocket\b/, /\boop\b/, /\b(insurance|insurer|health plan|my plan|policy)\b/, /\bhow much (have|did) i (paid|pay|spent|spend)\b/),
    answer: insuranceCostsAnswer,
    aboutHealth: false,
  },
  {
    id: 'medications',
    matches: anyOf(/\b(medication|medications|meds|medicine|medicines|prescription|prescriptions|drugs|pills|tablets|rx)\b/),
    answer: profileTextAnswer('medications', 'medications', 'Before changing how you take any medicine, check with your doctor or pharmacist.'),
    aboutHealth: true,
  },
  {
    id: 'allergies',
    matches: anyOf(/\ballerg/),
    answer: profileTextAnswer('allergies', 'allergies', 'Mention them to every provider and pharmacist you see.'),
    aboutHealth: true,
  },
  {
    id: 'conditions',
    matches: anyOf(/\b(condition|conditions|diagnosis|diagnoses|diagnosed|medical history|health history|health problems?|illness|illnesses|chronic|diseases?)\b/),
    answer: profileTextAnswer('conditions', 'existing conditions', 'Your doctor can tell you more about any of them.'),
    aboutHealth: true,
  },
  {
    id: 'care-due',
    matches: anyOf(
      /\b(overdue|preventive|preventative|screening|screenings|vaccine|vaccines|vaccination|immuni[sz]ation|shots?|booster|care items?)\b/,
      /\bdue\b(?! to\b)/,
      /\b(up to date|caught up|behind on|late for)\b/,
    ),
    answer: careAnswer,
    aboutHealth: true,
  },
  {
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
  },
  {
    id: 'records',
    matches: anyOf(/\b(records?|documents?|files?|uploaded|uploads|reports?)\b/, /\b(lab|test|blood) (results?|work|tests?)\b/),
    answer: recordsAnswer,
    aboutHealth: false,
  },
  {
    id: 'symptoms',
    matches: anyOf(
      /\b(pain|painful|hurts?|hurting|ache|aches|aching|fever|sick|ill|symptoms?|cough|coughing|headache|dizzy|dizziness|nausea|nauseous|vomit\w*|rash|sore|infection|tired|fatigue|swollen|swelling|anxious|anxiety|depressed|depression|sad|hopeless|stressed|panic)\b/,
    ),
    answer: symptomsAnswer,
    aboutHealth: true,
  },
  {
    id: 'capabilities',
    matches: anyOf(/\b(what can you do|what do you do|who are you|what are you|how does this work)\b/, /^(help|menu|options)$/),
    answer: () => CAPABILITIES,
    aboutHealth: false,
  },
  {
    id: 'greeting',
    matches: anyOf(/^(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening|day))\b/),
    answer: greetingAnswer,
    aboutHealth: false,
  },
  {
    id: 'thanks',
    matches: anyOf(/\b(thanks|thank you|thank u|thx|ty|cheers|much appreciated|appreciate it)\b/),
    answer: (facts) => `You're welcome${firstName(facts) ? `, ${firstName(facts)}` : ''}! Is there anything else I can help with?`,
    aboutHealth: false,
  },
];

/** The first intent whose words the question contains, or undefined (the general guidance answers). */
export function matchIntent(question: string): Intent | undefined {
  const normalised = normaliseQuestion(question);
  return INTENTS.find((intent) => intent.matches(normalised));
}

/** The rules' reply: an emergency first; then the first intent that matches; else careful general guidance. */
export function replyFromRules(question: string, facts: PatientFacts): string {
  const emergency = emergencyReply(question);
  if (emergency) return emergency;
  const intent = matchIntent(question);
  if (!intent) return withNotMedicalAdvice(FALLBACK);
  const answer = intent.answer(facts, question);
  return intent.aboutHealth ? withNotMedicalAdvice(answer) : answer;
}
