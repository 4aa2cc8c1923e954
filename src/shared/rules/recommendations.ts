import { addMonths, format, parseISO } from 'date-fns';
import { CARE_DISPLAY, careStanding, dueSoonUntil, type CareStanding } from './care';
import { GUIDELINES, type Guideline, type GuidelineCondition } from './guidelines';
import type { Coding } from './codes';
import { countsByCode } from './immunizations';
import type { SexAtBirth } from './patient';

/** The statuses of a recommendation row (part 2 §4 (docs/product.md#part-2-4)), in the order the table lists them. */
export const RECOMMENDATION_STATUSES = ['Overdue', 'Due Now', 'Upcoming', 'Completed'] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

/** Every rule is for adults: the app is one. */
const ADULT_AGE = 18;

/** What the rules are chosen by. */
export interface PatientFacts {
  dateOfBirth: string | null;
  sexAtBirth: SexAtBirth | null;
  /** The patient's own words under existing conditions. */
  conditions: string | null;
  /** The patient has died (issue 34): nothing is recommended, and the age is the age at death. */
  deceased?: boolean;
  deceasedDate?: string | null;
}

/** The fields of a care item (GET /api/preventative-care/{userId}) that a status is read from. */
export interface CareItemFacts {
  id: number;
  careName: string;
  status: string;
  dueDate: string;
  lastCompleted: string | null;
}

/** Whether a care item is a vaccine: its name matches one of the ACIP rules. Completed, it is an immunization given. */
export function isVaccineCare(careName: string): boolean {
  return GUIDELINES.some((rule) => rule.source === 'ACIP' && matchesGuideline(rule, careName));
}

/** The fields of an immunization (GET /api/immunizations/{userId}) that a status is read from. */
export interface ImmunizationFacts {
  vaccine: string;
  codes: readonly Coding[];
  date: string;
}

/**
 * Whether a vaccine given counts for a rule: by its CVX code where the code can say (Td and Tdap for the tetanus
 * booster, every influenza vaccine for the flu vaccine: rules/immunizations.ts), else by its words.
 */
export function immunizationCounts(rule: Guideline, immunization: ImmunizationFacts): boolean {
  return countsByCode(rule.id, immunization.codes) ?? matchesGuideline(rule, immunization.vaccine);
}

/** The fields of an appointment (GET /api/appointments/{userId}) that a status is read from. */
export interface AppointmentFacts {
  appointmentType: string;
  appointmentDate: string;
  status: string;
  careItemId: number | null;
}

export interface RecommendationState {
  status: RecommendationStatus;
  /** When it is (next) due or booked, 'yyyy-MM-dd'; null when never recorded, or done for good. */
  dueDate: string | null;
  /** The patient's open care item for this service, which 'Schedule' books the visit for. */
  careItemId: number | null;
}

/** A rule's own words as the row shows them, with its state for this patient. */
export interface RecommendationRowView
  extends RecommendationState,
    Pick<Guideline, 'id' | 'service' | 'who' | 'interval' | 'cost' | 'notes' | 'learnMoreUrl' | 'source' | 'lastReviewed'> {
  recommendation: string;
  sexSpecific: SexAtBirth | null;
}

export interface RecommendedCare {
  age: number | null;
  deceased: boolean;
  sexAtBirth: SexAtBirth | null;
  needsDateOfBirth: boolean;
  rows: RecommendationRowView[];
}

/** Whole years of age on `today`; both 'yyyy-MM-dd'. Born on 29 February, one turns a year older on 1 March. */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

const SMOKING = /smok|tobacco|cigar/;
/**
 * "Non-smoker", "never smoked", "no history of smoking", "denies tobacco use", "smoke-free": the words mention
 * smoking to deny it. A denial reaches across the rest of its phrase (phrases end at commas, semicolons, full stops).
 */
const DENIED_SMOKING = /\b(never|no|not|non|denies|without)\b[^,;.\n]*?(smok|tobacco|cigar)|\bnon-?smok|smoke-?free|tobacco-?free/;

/**
 * Whether the patient's recorded conditions state the fact a rule needs. The patient model has no smoking field,
 * so a smoking history is read from their own words: a phrase (between commas, semicolons, full stops or lines)
 * that mentions smoking, tobacco or cigarettes without denying it.
 */
export function hasCondition(conditions: string | null, condition: GuidelineCondition): boolean {
  switch (condition) {
    case 'smoking':
      return (conditions ?? '')
        .toLowerCase()
        .split(/[,;.\n]/)
        .some((phrase) => SMOKING.test(phrase) && !DENIED_SMOKING.test(phrase));
  }
}

function appliesAtAge(rule: Guideline, age: number | null): boolean {
  // Without a date of birth only the rules that hold at every adult age can be shown.
  if (age === null) return rule.minAge === null && rule.maxAge === null;
  return age >= Math.max(ADULT_AGE, rule.minAge ?? ADULT_AGE) && (rule.maxAge === null || age <= rule.maxAge);
}

/**
 * The guidelines that apply to the patient on `today`: by age (without a date of birth, only the rules without
 * age limits), by sex at birth (when it is not stated, the rules of both sexes), and by the conditions a rule needs.
 */
export function recommendationsFor(patient: PatientFacts, today: string): Guideline[] {
  const age = patient.dateOfBirth === null ? null : ageOn(patient.dateOfBirth, today);
  return GUIDELINES.filter(
    (rule) =>
      appliesAtAge(rule, age) &&
      (rule.sex === null || patient.sexAtBirth === null || rule.sex === patient.sexAtBirth) &&
      (rule.condition === null || hasCondition(patient.conditions, rule.condition)),
  );
}

/** Whether a care item's name or an appointment's type names this rule's service. */
export function matchesGuideline(rule: Guideline, name: string): boolean {
  const lower = name.toLowerCase();
  return rule.matches.some((word) => lower.includes(word));
}

const plusMonths = (date: string, months: number) => format(addMonths(parseISO(date), months), 'yyyy-MM-dd');
const earliest = (dates: string[]) => dates.reduce<string | null>((first, date) => (first === null || date < first ? date : first), null);
const latest = (dates: string[]) => dates.reduce<string | null>((last, date) => (last === null || date > last ? date : last), null);

/**
 * A rule's status from the patient's own care items (by name) and appointments (by type, or booked for one of
 * those items); cancelled appointments do not count. Dates are 'yyyy-MM-dd' calendar days, compared as text.
 *
 * - The last time it was done: the latest lastCompleted of the items (a completed item without one counts as done
 *   on its due date), or the date of a completed appointment; never later than today.
 * - Its open items are those not completed that fall due after that; one due before was answered by it.
 * - When it is next due: the earliest open item's due date (the patient's own schedule), else the last time it was
 *   done plus the rule's interval; never, for a rule done once for good.
 *
 * Then, the first that holds (standings of rules/care.ts, in Recommended Care's words):
 * 1. Completed: done, and not due again within 3 months (nor ever, for a once-only rule), while the rule's
 *    interval since then has not run out. Due again within 3 months, it is Due Now instead: "Due Now means due
 *    in the next 3 months" (part 2 §4 (docs/product.md#part-2-4)).
 * 2. Upcoming (scheduled), on the booked day: a scheduled appointment today or ahead, or an open item whose status is
 *    'scheduled'. Booked care needs no Schedule, whatever its due date.
 * 3. Due Now, without a date: never recorded (nothing done, no open item).
 * 4. Overdue: the next due date has passed (an open item past its due day is what the care list answers as
 *    overdue; a booked one was Upcoming above).
 * 5. Due Now: due within 3 months.
 * 6. Upcoming otherwise.
 */
export function recommendationStatus(
  rule: Guideline,
  careItems: readonly CareItemFacts[],
  appointments: readonly AppointmentFacts[],
  today: string,
  immunizations: readonly ImmunizationFacts[] = [],
): RecommendationState {
  const items = careItems.filter((item) => matchesGuideline(rule, item.careName));
  const itemIds = new Set(items.map((item) => item.id));
  // Only completed and scheduled visits count below: a cancelled one never does.
  const visits = appointments.filter(
    (visit) => matchesGuideline(rule, visit.appointmentType) || (visit.careItemId !== null && itemIds.has(visit.careItemId)),
  );

  const doneOn = [
    ...items.map((item) => item.lastCompleted ?? (item.status === 'completed' ? item.dueDate : null)),
    ...visits.filter((visit) => visit.status === 'completed').map((visit) => visit.appointmentDate),
    ...immunizations.filter((given) => immunizationCounts(rule, given)).map((given) => given.date),
  ].flatMap((date) => (date === null ? [] : [date < today ? date : today]));
  const lastDone = latest(doneOn);

  const open = items
    .filter((item) => item.status !== 'completed' && (lastDone === null || item.dueDate > lastDone))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
  const careItemId = open[0]?.id ?? null;
  const dueAgain = lastDone !== null && rule.intervalMonths !== null ? plusMonths(lastDone, rule.intervalMonths) : null;
  const nextDue = open[0]?.dueDate ?? dueAgain;
  // Booked: an appointment still ahead, or an item the patient marked scheduled for a day still ahead. One whose day
  // has passed unmarked is not booked any more: it falls through to its dates (Overdue).
  const booked =
    earliest(visits.filter((visit) => visit.status === 'scheduled' && visit.appointmentDate >= today).map((visit) => visit.appointmentDate)) ??
    open.find((item) => item.status === 'scheduled' && item.dueDate >= today)?.dueDate ??
    null;
  const standing = ruleStanding({ lastDone, nextDue, dueAgain, booked }, today);
  return { status: CARE_DISPLAY[standing].recommendation, dueDate: standing === 'scheduled' ? booked : nextDue, careItemId };
}

/** Steps 1 to 6 above in the one vocabulary of care (rules/care.ts), which CARE_DISPLAY words for the table. */
function ruleStanding(
  { lastDone, nextDue, dueAgain, booked }: Record<'lastDone' | 'nextDue' | 'dueAgain' | 'booked', string | null>,
  today: string,
): CareStanding {
  if (lastDone !== null && (nextDue === null || nextDue > dueSoonUntil(today)) && (dueAgain === null || dueAgain > today)) return 'completed';
  if (booked !== null) return 'scheduled';
  // Never recorded: due now, without a date.
  if (nextDue === null) return 'due-soon';
  // Else where an open item due on that day stands: overdue, due within 3 months, or later.
  return careStanding('upcoming', nextDue, today);
}

const statusRank = (status: RecommendationStatus) => RECOMMENDATION_STATUSES.indexOf(status);

/**
 * The Recommended Care table for the patient: the rules that apply, each with its status, Overdue first, then
 * Due Now, Upcoming and Completed, by service within each.
 */
export function recommendedCare(
  patient: PatientFacts,
  careItems: readonly CareItemFacts[],
  appointments: readonly AppointmentFacts[],
  today: string,
  immunizations: readonly ImmunizationFacts[] = [],
): RecommendedCare {
  const rows = recommendationsFor(patient, today)
    .map(
      (rule): RecommendationRowView => ({
        id: rule.id,
        service: rule.service,
        recommendation: rule.why,
        who: rule.who,
        interval: rule.interval,
        cost: rule.cost,
        notes: rule.notes,
        learnMoreUrl: rule.learnMoreUrl,
        source: rule.source,
        lastReviewed: rule.lastReviewed,
        sexSpecific: rule.sex,
        ...recommendationStatus(rule, careItems, appointments, today, immunizations),
      }),
    )
    .sort((a, b) => statusRank(a.status) - statusRank(b.status) || a.service.localeCompare(b.service, 'en'));
  const deceased = patient.deceased === true;
  // The age of a patient who has died is their age at death (on the day, when the record gives it).
  const ageDay = deceased && patient.deceasedDate ? patient.deceasedDate : today;
  return {
    age: patient.dateOfBirth === null ? null : ageOn(patient.dateOfBirth, ageDay),
    deceased,
    sexAtBirth: patient.sexAtBirth,
    needsDateOfBirth: patient.dateOfBirth === null && !deceased,
    rows: deceased ? [] : rows,
  };
}
