import { isValid, parseISO } from 'date-fns';
import { careStanding, readCareStatus, type CareStanding } from './care';
import type { SexAtBirth } from './patient';
import { ageOn } from './recommendations';

/** The Health Recommendation Prompt's topics (part 2 §9 (docs/product.md#part-2-9)), in the order the dialog offers them. */
export const HEALTH_PROMPT_TOPICS = ['general', 'nutrition', 'exercise', 'mental'] as const;
export type HealthPromptTopic = (typeof HEALTH_PROMPT_TOPICS)[number];

export const HEALTH_PROMPT_TOPIC_LABELS: Readonly<Record<HealthPromptTopic, string>> = {
  general: 'General',
  nutrition: 'Nutrition',
  exercise: 'Exercise',
  mental: 'Mental Health',
};

/**
 * What a prompt may say about the patient. Privacy: the patient pastes the prompt into a service outside this app,
 * so it carries health facts only — never a name, email, phone number, address or exact date of birth (an age
 * instead). Keep it that way: this type is the whole of what the prompt can see.
 */
export interface HealthPromptFacts {
  age: number | null;
  sexAtBirth: SexAtBirth | null;
  conditions: string | null;
  medications: string | null;
  allergies: string | null;
  /** Names of care items that are overdue. */
  overdue: readonly string[];
  /** Names of care items due soon: upcoming and due within the next three months (rules/care.ts). */
  dueSoon: readonly string[];
}

const QUESTIONS: Readonly<Record<HealthPromptTopic, string>> = {
  general:
    'what preventative care, screenings and everyday habits would you suggest for me, and what questions should I bring to my next check-up?',
  nutrition: 'what eating habits would suit me, and are there foods, drinks or supplements I should be careful with?',
  exercise:
    'what kinds and amounts of physical activity would suit me, how can I start or build up safely, and which warning signs mean I should stop and see a doctor?',
  mental:
    'what everyday habits could support my mental health and wellbeing, such as sleep and handling stress, and which signs mean I should reach out to a professional?',
};

const CLOSING = 'Please keep to general guidance that I can discuss with my doctor; I understand this is not a diagnosis or medical advice.';

const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** Free text as the patient typed it, its lines joined by '; ' without their closing full stops; null when blank. */
function clean(text: string | null): string | null {
  const oneLine = text
    ?.split(/[\r\n]+/)
    .map((line) => line.replace(/\s+/g, ' ').replace(/[\s.;,]+$/, '').trim())
    .filter(Boolean)
    .join('; ');
  return oneLine ? oneLine : null;
}

function aboutAge(age: number | null, sexAtBirth: SexAtBirth | null): string | null {
  const years = age !== null && Number.isFinite(age) && age >= 0 ? Math.floor(age) : null;
  const ageText = years === null ? null : years === 0 ? 'under 1 year old' : `${years} ${years === 1 ? 'year' : 'years'} old`;
  const sex = sexAtBirth && `my sex assigned at birth is ${sexAtBirth}`;
  if (ageText && sex) return `I am ${ageText}; ${sex}.`;
  if (ageText) return `I am ${ageText}.`;
  if (sex) return `${sex.charAt(0).toUpperCase()}${sex.slice(1)}.`;
  return null;
}

function names(items: readonly string[]): string[] {
  return [...new Set(items.map((name) => name.trim()).filter(Boolean))];
}

/** The context sentences: only what the patient recorded, nothing about what they did not. */
function context(facts: HealthPromptFacts): string[] {
  const conditions = clean(facts.conditions);
  const medications = clean(facts.medications);
  const allergies = clean(facts.allergies);
  const overdue = names(facts.overdue);
  const dueSoon = names(facts.dueSoon);
  return [
    aboutAge(facts.age, facts.sexAtBirth),
    conditions && `My health conditions: ${conditions}.`,
    medications && `Medications I take: ${medications}.`,
    allergies && `My allergies: ${allergies}.`,
    overdue.length > 0 && `I am overdue for: ${list.format(overdue)}.`,
    dueSoon.length > 0 && `Due in the next three months: ${list.format(dueSoon)}.`,
  ].filter((sentence): sentence is string => typeof sentence === 'string');
}

/**
 * The text the patient copies into an assistant of their choice: a short paragraph of what they recorded, then the
 * topic's question, asking for general guidance and not a diagnosis. The app itself sends it nowhere.
 */
export function healthPrompt(topic: HealthPromptTopic, facts: HealthPromptFacts): string {
  const about = context(facts);
  const question = QUESTIONS[topic];
  if (about.length === 0) return `${question.charAt(0).toUpperCase()}${question.slice(1)} ${CLOSING}`;
  return `${about.join(' ')}\n\nTaking this into account, ${question} ${CLOSING}`;
}

/** The fields of a user the prompt reads; the others (name, contacts) are deliberately not asked for. */
export interface PromptUser {
  dateOfBirth: string | null;
  sexAtBirth: SexAtBirth | null;
  existingConditions: string | null;
  medications: string | null;
  allergies: string | null;
}

export interface PromptCareItem {
  careName: string;
  dueDate: string;
  status: string;
}

/**
 * The prompt's facts from the patient's record on their today (todayOfPatient): the age in whole years; overdue
 * care and care due soon (rules/care.ts), each in due-date order. Either source may be missing (still loading or
 * failed); its facts are then left out.
 */
export function healthPromptFacts(
  user: PromptUser | null | undefined,
  careItems: readonly PromptCareItem[] | null | undefined,
  today: string,
): HealthPromptFacts {
  const born = user?.dateOfBirth ?? null;
  const age = born && isValid(parseISO(born)) && born <= today ? ageOn(born, today) : null;
  const byDueDate = [...(careItems ?? [])].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const standing = (item: PromptCareItem) => {
    const status = readCareStatus(item.status);
    return status && careStanding(status, item.dueDate, today);
  };
  const named = (wanted: CareStanding) => byDueDate.filter((item) => standing(item) === wanted).map((item) => item.careName);
  return {
    age,
    sexAtBirth: user?.sexAtBirth ?? null,
    conditions: user?.existingConditions ?? null,
    medications: user?.medications ?? null,
    allergies: user?.allergies ?? null,
    overdue: named('overdue'),
    dueSoon: named('due-soon'),
  };
}
