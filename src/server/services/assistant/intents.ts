import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { formatDollars, percentOf } from '../../../shared/rules/formats';
import { emergencyReply } from './emergency';
import { appointmentWhen, describeAppointment, type BenefitFact, type CareFact, type PatientFacts } from './patient-facts';
import { aboutTopic, anyOf, ASKS_HOW, normaliseQuestion } from './reading';

/**
 * The built-in assistant's rules, as data: the emergency signs, checked before anything else, then an ordered list
 * of intents, each recognised by words in the question: most are answered from the patient's own facts, a few
 * (seasonal allergies, drinking water, blood pressure, back pain, sleep, colds and flu) with careful general
 * guidance. The first intent that matches answers; a question none matches gets a careful fallback.
 */

/** The last line of every answer that touches health, and of the general guidance. */
export const NOT_MEDICAL_ADVICE = "I'm an automated assistant, not a medical professional: this is general information, not medical advice.";

function withNotMedicalAdvice(answer: string): string {
  return `${answer}\n\n${NOT_MEDICAL_ADVICE}`;
}

/** The last line of every answer about coverage and costs. */
export const INSURER_HAS_FINAL_WORD = "Your insurer has the final word on what's covered and what you'll pay.";

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
  'I can answer questions about your own information in this app: your next appointment, what care is overdue or due soon, your deductible and out-of-pocket progress, what your plan covers, your medical records, and the medications, allergies and conditions on file. I can also explain how to upload a record, book an appointment or add one to your calendar, and give general guidance on seasonal allergies, drinking enough water, blood pressure, back pain, sleep, and colds and flu. Try "When is my next appointment?"';

/** Where to raise a worry: the next appointment, or how to book one. */
function raiseItAtNextVisit(facts: PatientFacts): string {
  const [next] = facts.nextAppointments;
  return next
    ? `Your next appointment is ${describeAppointment(next)}; you can raise it then, or book something sooner under Appointments → Schedule New.`
    : 'You have no upcoming appointments; you can book one under Appointments → Schedule New.';
}

function symptomsAnswer(facts: PatientFacts, question: string): string {
  const mood = /\b(anxious|anxiety|depressed|depression|sad|hopeless|lonely|stressed|panic)\b/.test(normaliseQuestion(question));
  return [
    "I can't assess symptoms or tell what's causing them. If they are severe, sudden or getting worse, contact your doctor today, and call 911 for chest pain, trouble breathing or signs of a stroke.",
    mood ? "If you're struggling emotionally, you can call or text 988 any time to talk with someone." : '',
    raiseItAtNextVisit(facts),
  ]
    .filter(Boolean)
    .join(' ');
}

// --- General guidance ---
// Mainstream advice (CDC, NIH, the American Heart Association, the US National Academies), short, always with when to
// see a doctor; replyFromRules adds the not-medical-advice line. A patient's own facts are added where they bear on it.

/** The open care item whose name matches, as its line from the Preventative Care list, or nothing. */
function careItemNamed(facts: PatientFacts, name: RegExp): string {
  const item = facts.care.find((i) => name.test(i.name) && i.status !== 'completed');
  return item ? `From your Preventative Care list: ${careLine(item, facts)}` : '';
}

const paragraph = (...sentences: string[]) => sentences.filter(Boolean).join(' ');

const SEASONAL_ALLERGIES = paragraph(
  'Seasonal allergies (hay fever) usually cause sneezing, a runny or stuffy nose, itchy or watery eyes, an itchy nose, throat or roof of the mouth, and sometimes a cough from postnasal drip, or tiredness.',
  "They follow the pollen seasons (trees in spring, grasses in late spring and summer, ragweed in late summer and fall) and, unlike a cold, they don't cause a fever and can last for weeks.",
  'It can help to keep windows closed on high-pollen days, shower and change clothes after being outdoors, and rinse your nose with saline; a pharmacist can suggest an over-the-counter antihistamine or nasal spray that suits you and your other medicines.',
  "See your doctor if that doesn't help, or if you wheeze, have asthma symptoms, sinus pain or a fever.",
  'Swelling of the lips, tongue or throat, or trouble breathing, is an emergency: call 911.',
);

const HYDRATION = paragraph(
  "There's no single amount that's right for everyone.",
  'A common guide from the US National Academies is about 11.5 cups (2.7 litres) of fluid a day for women and about 15.5 cups (3.7 litres) for men, counting all drinks and the water in food, which supplies about a fifth of it.',
  'You need more in hot weather, when you exercise, when you have a fever, vomiting or diarrhea, and when pregnant or breastfeeding.',
  "Drinking when you're thirsty and having pale yellow urine are good signs you're getting enough, and water is the best choice.",
  'Some conditions, such as heart failure or kidney disease, and some medicines call for a different amount, so ask your doctor if that applies to you.',
  "Get medical care promptly for dehydration that doesn't get better with drinking: very dark urine or very little of it, dizziness, confusion or a racing heartbeat.",
);

function bloodPressureAnswer(facts: PatientFacts): string {
  const onFile = facts.conditions !== null && /hypertension|blood pressure/i.test(facts.conditions);
  return paragraph(
    'High blood pressure (hypertension) usually has no signs or symptoms at all, so many people have it for years without knowing: the only way to know is to have it measured.',
    'For adults, the American Heart Association counts below 120/80 as normal, a top number of 120 to 129 (with a bottom number below 80) as elevated, and a top number of 130 or more, or a bottom number of 80 or more, as high blood pressure; a doctor confirms it with readings on more than one occasion.',
    'If a reading is 180/120 or higher, wait five minutes and measure again, and contact your doctor right away if it is still that high.',
    'If it is 180/120 or higher and you have chest pain, shortness of breath, back pain, numbness or weakness, changes in vision or trouble speaking, call 911.',
    'Less salt, regular activity, a healthy weight, less alcohol and not smoking all help keep it down.',
    onFile ? 'Your conditions on file in My Profile mention high blood pressure, so the target and plan your doctor set for you are the ones to go by.' : '',
    careItemNamed(facts, /blood pressure/i),
  );
}

function backPainAnswer(facts: PatientFacts): string {
  return paragraph(
    'Most back pain gets better on its own within a few weeks.',
    'At home, it helps to keep gently active (walking, light stretching) rather than resting in bed for more than a day or two, to use a heating pad or a warm bath (some people find a cold pack helps in the first couple of days), and to take an over-the-counter pain reliever such as acetaminophen or ibuprofen as the label says.',
    'Check with your pharmacist first if you have high blood pressure, kidney or stomach problems, or take a blood thinner.',
    "See your doctor if the pain is severe, isn't improving after a few weeks, spreads down a leg, or comes with numbness, tingling or weakness in your legs or with weight loss you can't explain.",
    'Get care right away (urgent care or the emergency room) if you have numbness in the groin or inner thighs, new loss of bladder or bowel control, a fever, or the pain started after a fall or an injury.',
    raiseItAtNextVisit(facts),
  );
}

const SLEEP = paragraph(
  'Most adults need at least 7 hours of sleep a night.',
  'It helps to go to bed and get up at the same times every day, weekends included; to keep the bedroom dark, quiet and cool; to put screens away before bed; to avoid caffeine late in the day, and large meals and alcohol close to bedtime; and to be physically active during the day.',
  'See your doctor if trouble sleeping goes on for more than a few weeks or affects your days, if you snore loudly or someone notices you stop breathing or gasp in your sleep (possible signs of sleep apnea), or if you are very sleepy during the day.',
  "Don't drive when you're drowsy.",
);

function coldAndFluAnswer(facts: PatientFacts): string {
  return paragraph(
    "Colds and flu are caused by viruses, so antibiotics don't help.",
    'A cold usually brings a runny or stuffy nose, a sore throat, sneezing and a cough, and most people feel better in 7 to 10 days; flu tends to come on suddenly, with fever, chills, aches and tiredness.',
    'Rest, drink plenty of fluids, and ask a pharmacist which over-the-counter remedies suit you (some decongestants raise blood pressure).',
    "Stay home until you've gone 24 hours without a fever, without fever-reducing medicine, and are feeling better; wash your hands often.",
    'If you might have flu and are 65 or older, pregnant, or have a long-term condition such as asthma, diabetes or heart disease, call your doctor early: antiviral medicine works best when started within 2 days of the first symptoms.',
    'Also see your doctor for a fever lasting more than 4 days, symptoms lasting more than 10 days, or symptoms that get better and then worse.',
    'Trouble breathing, chest pain or pressure, confusion or severe weakness need emergency care: call 911.',
    'A yearly flu vaccine is the best protection.',
    careItemNamed(facts, /\bflu\b|influenza/i),
  );
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
  | 'seasonal-allergies'
  | 'hydration'
  | 'blood-pressure'
  | 'back-pain'
  | 'sleep'
  | 'cold-and-flu'
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
 * record" is not "what records do I have"); coverage before costs ("is the ER covered after my deductible"); general
 * guidance on a topic before the patient's own lists ("what are the symptoms of seasonal allergies?" is not "what
 * allergies do I have?"), unless the question names the patient's records (aboutTopic); the patient's own lists before
 * care and appointments; symptoms, greetings and thanks last, so that "hi, when is my appointment?" is answered.
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
    id: 'seasonal-allergies',
    matches: aboutTopic(
      /\b(hay ?fever|allergic rhinitis|pollen|ragweed)\b/,
      /\bseasonal\b.{0,15}\ballerg/,
      /\ballerg\w*\b.{0,15}\bseason/,
      // "symptoms of allergies", "allergy symptoms"; not "signs of an allergic reaction", which is not hay fever.
      /\b(symptoms?|signs?)\b.{0,25}\ballerg(y|ies)\b/,
      /\ballerg(y|ies)\b.{0,10}\b(symptoms?|signs?)\b/,
    ),
    answer: () => SEASONAL_ALLERGIES,
    aboutHealth: true,
  },
  {
    id: 'hydration',
    matches: aboutTopic(
      /\b(hydrat\w*|dehydrat\w*)\b/,
      /\bhow (much|many)\b.{0,40}\b(water|fluids?)\b/,
      /\b(drink|drinking)\b.{0,20}\b(water|fluids?)\b/,
      /\bwater\b.{0,20}\b(a day|per day|each day|every day|daily|intake)\b/,
    ),
    answer: () => HYDRATION,
    aboutHealth: true,
  },
  {
    id: 'blood-pressure',
    // Not "my blood pressure check" (a care item): the question asks what high blood pressure is, or what a reading means.
    matches: aboutTopic(
      /\bhypertens(ion|ive)\b/,
      /\b(high|elevated|raised)\b.{0,10}\b(blood pressure|bp)\b/,
      /\b(blood pressure|bp)\b.{0,20}\b(normal|healthy|reading|readings|numbers?|range|high|mean|means|lower|lowering|reduce|bring down|should be)\b/,
      /\b(normal|healthy|good|ideal|target)\b.{0,20}\b(blood pressure|bp)\b/,
    ),
    answer: bloodPressureAnswer,
    aboutHealth: true,
  },
  {
    id: 'back-pain',
    matches: aboutTopic(
      /\bback\b.{0,12}\b(pain|pains|ache|aches|aching|hurts?|hurting|sore|spasms?|strain|strained|injury)\b/,
      /\b(backache|backaches|sciatica|lumbago)\b/,
      /\b(pain|ache|aching)\b (in|of) (my |the )?(lower |upper )?back\b/,
      /\b(sore|bad|aching|painful|stiff|hurt|injured|pulled|strained|threw out|thrown out|throw out) (my |the |a )?(lower |upper )?back\b/,
    ),
    answer: backPainAnswer,
    aboutHealth: true,
  },
  {
    id: 'sleep',
    matches: aboutTopic(/\b(sleep|sleeping|asleep|insomnia|sleepless\w*|snore|snores|snoring)\b/),
    answer: () => SLEEP,
    aboutHealth: true,
  },
  {
    id: 'cold-and-flu',
    // Not the flu shot or vaccine: that is a care item (care-due).
    matches: (text) =>
      !/\b(shots?|vaccines?|vaccinat\w*|jabs?|immuni[sz]\w*|boosters?)\b/.test(text) &&
      aboutTopic(
        /\b(flu|influenza|common cold|head cold|chest cold|colds)\b/,
        /\b(have|has|got|get|getting|catch|catching|caught|fighting|fight|treat|is it|get over|getting over|recover from|recovering from|shake) (a |the |my |this )?cold\b/,
        /\bcold\b.{0,15}\b(symptoms?|remed\w*|medicine|contagious)\b/,
      )(text),
    answer: coldAndFluAnswer,
    aboutHealth: true,
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
