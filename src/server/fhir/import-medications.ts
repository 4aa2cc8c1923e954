import { and, eq, isNull } from 'drizzle-orm';
import { medicationDraftsFromText } from '../../shared/rules/medication-text';
import { MEDICATION_FORMS, type MedicationForm, type MedicationStatus } from '../../shared/rules/medications';
import { todayIn } from '../../shared/rules/patient';
import type { Coding, SourceIdentifier } from '../../shared/rules/codes';
import type { Database } from '../db/client';
import { medicationDoses, medications, providers } from '../db/schema/index';
import { ownRows, type Patient } from '../core/patient';
import {
  calendarDayOf,
  ENTERED_IN_ERROR,
  FhirCondition,
  FhirMedication,
  FhirMedicationAdministration,
  type FhirDosage,
  type FhirExtension,
  FhirMedicationRequest,
  FhirMedicationStatement,
  type FhirNamesAMedication,
  wordsOf,
} from './fhir-input';
import { alreadyThere, imported, type Outcome, read, type Resource, Skip, skipped } from './import-outcome';
import { identifiersOf, KnownIdentifiers } from './source-identifiers';
import { codesOf } from './health-list-values';
import { MEDICATION_EXTENSION } from './medication-resources';
import { doseOfQuantity, scheduleOfDosage, scheduleWords } from './medication-values';
import { EXTENSION } from './resources';

// Medications (issue 32) in from another record (ADR 18): a MedicationStatement or MedicationRequest becomes a
// medication of the list, a MedicationAdministration an entry of its dose log, and a Medication they name gives them
// their words. Every resource is counted, imported or skipped with why.
//
// - One medication per name and strength (case aside): one the list has already is not added again, and of the
//   resources of one Bundle for the same medication (Synthea renews a prescription at every visit) the current one
//   is kept (active or on hold before ended, then the latest), from the earliest start among them.
// - The schedule only from a structured timing (medication-values.ts); anything else is as needed, so that no dose
//   becomes due that the record does not state. The Dosage's words are the instructions when no note or patient
//   instruction says more.
// - A dose entry needs its medication: named by the request or statement it belongs to, or by the same name and
//   strength. A dose given that names no medication of the list or the Bundle (an ICU's drip) is skipped, not made
//   into a medication the patient never took at home.

type Entry = { resource: Resource; fullUrl: string | undefined; index: number };
type MedicationRow = typeof medications.$inferInsert;

/** Each resource's status as the medication's; 'skip': not read as one (SKIPPED_STATUS says why). */
const STATEMENT_STATUSES: Record<string, MedicationStatus | 'skip'> = {
  active: 'active',
  intended: 'active',
  'on-hold': 'paused',
  completed: 'stopped',
  stopped: 'stopped',
  'not-taken': 'skip',
  [ENTERED_IN_ERROR]: 'skip',
  unknown: 'skip',
};
const REQUEST_STATUSES: Record<string, MedicationStatus | 'skip'> = {
  active: 'active',
  'on-hold': 'paused',
  completed: 'stopped',
  stopped: 'stopped',
  cancelled: 'stopped',
  draft: 'skip',
  [ENTERED_IN_ERROR]: 'skip',
  unknown: 'skip',
};

const SKIPPED_STATUS: Record<string, string> = { 'not-taken': 'says it is not taken', draft: 'is a draft', unknown: 'has the status unknown' };

/** A medication resource read: what it adds, the key it is one medication by, and what ranks it among its kind. */
interface Candidate {
  kind: 'medication';
  key: string;
  row: Omit<MedicationRow, 'userId'>;
  /** The reference of the prescriber or source, resolved to a provider when it is one of the Bundle's. */
  source: { reference?: string; display?: string } | undefined;
  current: boolean;
  /** The day it speaks of (authored, asserted, started), for the latest of its kind. */
  day: string;
  /** The Medication resources it named, counted as imported when it is. */
  named: string[];
}
/** The profile's free text (HealthAssist's own export marks it), or a list in words: a line of the profile. */
interface ProfileLine {
  kind: 'profile';
  words: string;
}

/** A text that is there, not blank, and at most `max` characters, trimmed (U+0000 never gets here: http/ refuses it). */
function textOf(value: string | null | undefined, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : null;
}

const keyOf = (name: string, strength: string | null | undefined) => `${name.toLowerCase()}\u0000${(strength ?? '').toLowerCase()}`;

/** The reference keys a resource is known by in its Bundle: its fullUrl and Type/id. */
function referencesOf(resource: Resource, fullUrl: string | undefined): string[] {
  return [...(fullUrl ? [fullUrl] : []), ...(typeof resource.id === 'string' ? [`${resource.resourceType}/${resource.id}`] : [])];
}

/** One of our details (resources.ts's extension on a MedicationStatement). */
function detailOf(extensions: FhirExtension[] | undefined, url: string) {
  return extensions?.find((extension) => extension.url === MEDICATION_EXTENSION.details)?.extension?.find((detail) => detail.url === url);
}

/** A form named by words ('Oral Tablet' is a tablet), as the profile's text is read. */
const formOfWords = (words: string | null): MedicationForm | null => (words ? (medicationDraftsFromText(words)[0]?.form ?? null) : null);

export class MedicationImport {
  /** Medication resources of the Bundle, by reference. */
  readonly #medicationResources = new Map<string, FhirMedication>();
  /** A Condition of the Bundle in words, by reference: a medication's reason. */
  readonly #conditions = new Map<string, string>();
  /** Each statement's or request's reading, by its index in the Bundle. */
  readonly #candidates = new Map<number, Candidate | ProfileLine | Skip>();
  /** The kept resource of each medication key. */
  readonly #kept = new Map<string, number>();
  /** The earliest start among the resources of each key. */
  readonly #earliest = new Map<string, string>();
  /** Statements' and requests' references to their medication's key. */
  readonly #keyOfReference = new Map<string, string>();
  /** The patient's medications by key: those they had, and those added. */
  readonly #ids = new Map<string, number>();
  /** Medication resources named by a resource that was read, and by one that was imported. */
  readonly #named = new Set<string>();
  readonly #used = new Set<string>();
  /** The identifiers and fullUrls of every statement and request of each key: the medication is known again by any. */
  readonly #sourcesOfKey = new Map<string, SourceIdentifier[]>();
  /** Those of each statement or request, by its index in the Bundle. */
  readonly #sourcesAt = new Map<number, SourceIdentifier[]>();
  /** The patient's medications by the identifiers they came with: those they had, and those added. */
  readonly #sources = new KnownIdentifiers<number>();
  readonly #today: string;

  constructor(
    private readonly tx: Database,
    private readonly patient: Patient,
    private readonly timeZone: string | null,
    private readonly practitioners: Map<string, number>,
    entries: Entry[],
    now = new Date(),
  ) {
    this.#today = todayIn(timeZone, now);
    for (const { resource, fullUrl } of entries) {
      if (resource.resourceType === 'Medication') {
        const medication = FhirMedication.safeParse(resource);
        if (medication.success) for (const reference of referencesOf(resource, fullUrl)) this.#medicationResources.set(reference, medication.data);
      } else if (resource.resourceType === 'Condition') {
        const condition = FhirCondition.safeParse(resource);
        const words = condition.success ? wordsOf(condition.data.code) : null;
        if (words) for (const reference of referencesOf(resource, fullUrl)) this.#conditions.set(reference, words);
      }
    }
    for (const { resource, fullUrl, index } of entries) {
      if (resource.resourceType !== 'MedicationStatement' && resource.resourceType !== 'MedicationRequest') continue;
      const candidate = this.#read(resource);
      this.#candidates.set(index, candidate);
      if (candidate instanceof Skip || candidate.kind !== 'medication') continue;
      for (const reference of referencesOf(resource, fullUrl)) this.#keyOfReference.set(reference, candidate.key);
      this.#sourcesAt.set(index, identifiersOf(resource, fullUrl));
      this.#sourcesOfKey.set(candidate.key, [...(this.#sourcesOfKey.get(candidate.key) ?? []), ...this.#sourcesAt.get(index)!]);
      const start = candidate.row.startDate;
      const earliest = this.#earliest.get(candidate.key);
      if (start && (!earliest || start < earliest)) this.#earliest.set(candidate.key, start);
      const keptIndex = this.#kept.get(candidate.key);
      const kept = keptIndex === undefined ? undefined : (this.#candidates.get(keptIndex) as Candidate);
      // The current one (active or on hold) before an ended one, then the latest day, then the later in the Bundle.
      if (!kept || Number(candidate.current) > Number(kept.current) || (candidate.current === kept.current && candidate.day >= kept.day)) this.#kept.set(candidate.key, index);
    }
  }

  /** The patient's medications as they were, by key, so that none is added twice. */
  async load(): Promise<void> {
    const rows = await this.tx
      .select({ id: medications.id, name: medications.name, strength: medications.strength, identifiers: medications.identifiers })
      .from(medications)
      .where(ownRows(medications, this.patient));
    for (const row of rows) {
      this.#ids.set(keyOf(row.name, row.strength), row.id);
      this.#sources.add(row.identifiers, row.id);
    }
  }

  /** A MedicationStatement or MedicationRequest: a medication added, or why not. `addLine` adds a line of the profile. */
  async medication(index: number, addLine: (words: string) => Outcome): Promise<Outcome> {
    const candidate = this.#candidates.get(index)!;
    if (candidate instanceof Skip) return candidate;
    if (candidate.kind === 'profile') return addLine(candidate.words);
    if (this.#kept.get(candidate.key) !== index) return skipped('another resource of the Bundle for the same medication is kept (the current one)');
    // Known by where one of its resources came from (though its name or strength now reads otherwise), else by both.
    const sources = this.#sourcesOfKey.get(candidate.key) ?? [];
    if (this.#ids.has(candidate.key) || this.#sources.find(sources) !== undefined) return alreadyThere;
    const providerId = candidate.source?.reference ? this.practitioners.get(candidate.source.reference) : undefined;
    let prescriber = textOf(candidate.source?.display, 200);
    if (providerId !== undefined && !prescriber) {
      const [provider] = await this.tx.select({ name: providers.name }).from(providers).where(eq(providers.id, providerId));
      prescriber = provider?.name ?? null;
    }
    const startDate = this.#earliest.get(candidate.key) ?? null;
    const { endDate } = candidate.row;
    const [row] = await this.tx
      .insert(medications)
      .values({
        ...candidate.row,
        userId: this.patient.id,
        providerId: providerId ?? null,
        prescriber,
        startDate,
        endDate: endDate && startDate && endDate < startDate ? null : endDate,
        // The kept resource's: the one the medication is read from.
        identifiers: this.#sourcesAt.get(index) ?? [],
      })
      .returning({ id: medications.id });
    this.#ids.set(candidate.key, row!.id);
    this.#sources.add(sources, row!.id);
    for (const reference of candidate.named) this.#used.add(reference);
    return imported;
  }

  /** A MedicationAdministration: an entry of its medication's dose log, or why not. */
  async administration(resource: Resource): Promise<Outcome> {
    const found = read(FhirMedicationAdministration, resource);
    if (found instanceof Skip) return found;
    const status = found.status === 'completed' ? 'taken' : found.status === 'not-done' ? 'not taken' : null;
    if (!status) return skipped(`has the status ${found.status}`);
    const { words, named } = this.#wordsOf(found);
    const byReference = [found.request?.reference, ...(found.supportingInformation ?? []).map((each) => each.reference)]
      .map((reference) => (reference ? this.#keyOfReference.get(reference) : undefined))
      .find((key) => key !== undefined && this.#ids.has(key));
    const byName = words ? this.#nameOf(words, detailOf(found.extension, 'strength')?.valueString) : null;
    const medicationId = this.#ids.get(byReference ?? (byName ? keyOf(byName.name, byName.strength) : ''));
    if (medicationId === undefined) return skipped('names no medication of the list or of the Bundle');

    const scheduledText = found.extension?.find((extension) => extension.url === MEDICATION_EXTENSION.scheduledDose)?.valueDateTime;
    const scheduled = scheduledText && /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d/.test(scheduledText) && calendarDayOf(scheduledText)
      ? { date: scheduledText.slice(0, 10), time: scheduledText.slice(11, 16) }
      : null;
    const reasons = (found.statusReason ?? []).map(wordsOf).filter((each): each is string => each !== null);
    let entry: { status: 'taken' | 'skipped' | 'missed'; takenAt: Date | null; reason: string | null };
    if (status === 'taken') {
      const when = found.effectiveDateTime ?? found.effectivePeriod?.start;
      const takenAt = when && /T\d{2}:\d{2}/.test(when) ? new Date(when) : null;
      if (!takenAt || Number.isNaN(takenAt.getTime()) || takenAt.getUTCFullYear() < 1000 || takenAt.getUTCFullYear() > 9999) return skipped('has no time it was given');
      entry = { status: 'taken', takenAt, reason: null };
    } else {
      if (!scheduled) return skipped('was not given, and HealthAssist logs a dose not taken only for a scheduled dose');
      const missed = reasons.some((each) => each.toLowerCase() === 'missed');
      const reason = reasons.filter((each) => !['skipped', 'missed'].includes(each.toLowerCase())).join('; ');
      entry = { status: missed ? 'missed' : 'skipped', takenAt: null, reason: textOf(reason, 500) };
    }

    const [already] = await this.tx
      .select({ id: medicationDoses.id })
      .from(medicationDoses)
      .where(
        scheduled
          ? and(eq(medicationDoses.medicationId, medicationId), eq(medicationDoses.scheduledDate, scheduled.date), eq(medicationDoses.scheduledTime, scheduled.time))
          : and(eq(medicationDoses.medicationId, medicationId), isNull(medicationDoses.scheduledDate), eq(medicationDoses.takenAt, entry.takenAt!)),
      )
      .limit(1);
    if (already) return skipped('already in the dose log');
    await this.tx.insert(medicationDoses).values({
      userId: this.patient.id,
      medicationId,
      scheduledDate: scheduled?.date ?? null,
      scheduledTime: scheduled?.time ?? null,
      ...entry,
    });
    for (const reference of named) this.#used.add(reference);
    return imported;
  }

  /** A Medication resource: imported when a medication or dose that names it was. */
  medicationResource(resource: Resource, fullUrl: string | undefined): Outcome {
    const references = referencesOf(resource, fullUrl);
    if (references.some((reference) => this.#used.has(reference))) return imported;
    if (references.some((reference) => this.#named.has(reference))) return skipped('the resources that name it were not imported');
    return skipped('is named by no MedicationStatement, MedicationRequest or MedicationAdministration of the Bundle');
  }

  /** The words of the medication a resource names: its concept, or the Medication it references (contained or of the Bundle). */
  #wordsOf(resource: FhirNamesAMedication): { words: string | null; form: MedicationForm | null; named: string[]; codes: Coding[] } {
    const fromConcept = wordsOf(resource.medicationCodeableConcept);
    if (fromConcept) return { words: fromConcept, form: null, named: [], codes: codesOf(resource.medicationCodeableConcept) };
    const reference = resource.medicationReference?.reference;
    let medication: FhirMedication | undefined;
    if (reference?.startsWith('#')) {
      const contained = resource.contained?.find((each) => each.resourceType === 'Medication' && each.id === reference.slice(1));
      const parsed = FhirMedication.safeParse(contained);
      medication = parsed.success ? parsed.data : undefined;
    } else if (reference) {
      medication = this.#medicationResources.get(reference);
    }
    const named = reference && !reference.startsWith('#') && medication ? [reference] : [];
    for (const each of named) this.#named.add(each);
    const words = wordsOf(medication?.code) ?? resource.medicationReference?.display?.trim() ?? null;
    return { words: words || null, form: formOfWords(wordsOf(medication?.form)), named, codes: codesOf(medication?.code) };
  }

  /**
   * The name and strength of a medication's words: our own export gives the strength, which the words end with;
   * otherwise the words are read as the profile's free text is ('Lisinopril 10 MG Oral Tablet': Lisinopril, 10 mg,
   * tablet), and kept whole when they do not read as one medication with a name. Whether they state a schedule
   * ('Lisinopril 10 mg daily'): the words are then kept as the instructions, not read as one.
   */
  #nameOf(words: string, strength: string | undefined): { name: string; strength: string | null; form: MedicationForm | null; statesSchedule: boolean } {
    if (strength && words.endsWith(` ${strength}`)) return { name: words.slice(0, -strength.length - 1).trim(), strength, form: null, statesSchedule: false };
    const drafts = medicationDraftsFromText(words);
    const draft = drafts.length === 1 ? drafts[0]! : null;
    // The reader cuts a name at 200 characters: one that long may be cut, and is refused whole rather than cut.
    if (!draft || !draft.name || draft.name.length >= 200) return { name: words, strength: null, form: null, statesSchedule: false };
    return { name: draft.name, strength: draft.strength, form: draft.form, statesSchedule: draft.scheduleGuessed };
  }

  /** A MedicationStatement or MedicationRequest read, before anything is written. */
  #read(resource: Resource): Candidate | ProfileLine | Skip {
    const isStatement = resource.resourceType === 'MedicationStatement';
    const found = isStatement ? read(FhirMedicationStatement, resource) : read(FhirMedicationRequest, resource);
    if (found instanceof Skip) return found;
    const status = (isStatement ? STATEMENT_STATUSES : REQUEST_STATUSES)[found.status];
    if (status === undefined) return new Skip(`has the status ${found.status}`);
    if (status === 'skip') return new Skip(SKIPPED_STATUS[found.status] ?? `is ${found.status}`);
    const { words, form: medicationForm, named, codes } = this.#wordsOf(found);
    if (!words) return new Skip('names no medication in words (a bare code)');
    const statement = found.resourceType === 'MedicationStatement' ? found : null;
    const request = found.resourceType === 'MedicationRequest' ? found : null;
    const dosage: FhirDosage | undefined = statement?.dosage?.[0] ?? request?.dosageInstruction?.[0];
    const extensions = statement?.extension;
    // The profile's free text, as our export marks it, or a list in words with nothing else: a line of the profile.
    const isProfile = extensions?.some((extension) => extension.url === EXTENSION.profileMedications && extension.valueBoolean === true);
    if (isProfile || (!dosage && medicationDraftsFromText(words).length > 1)) return { kind: 'profile', words };

    const ourStrength = detailOf(extensions, 'strength')?.valueString;
    const { name, strength, form, statesSchedule } = this.#nameOf(words, ourStrength);
    if (!textOf(name, 200)) return new Skip('has a name longer than 200 characters');
    const ourForm = detailOf(extensions, 'form')?.valueCode;
    const schedule = scheduleOfDosage(dosage);
    const bounds = dosage?.timing?.repeat?.boundsPeriod;
    const start = calendarDayOf(statement ? (statement.effectivePeriod?.start ?? statement.effectiveDateTime) : (bounds?.start ?? request?.authoredOn));
    const end = calendarDayOf(statement ? statement.effectivePeriod?.end : (bounds?.end ?? request?.dispenseRequest?.validityPeriod?.end));
    const day = calendarDayOf(statement?.dateAsserted ?? request?.authoredOn) ?? start ?? '';
    const ourDay = (url: string) => calendarDayOf(detailOf(extensions, url)?.valueDate);
    const stoppedOn = status === 'stopped' ? (ourDay('stoppedOn') ?? end ?? calendarDayOf(request?.authoredOn) ?? day) || this.#today : null;
    const stopReason = status === 'stopped' ? textOf(wordsOf(statement?.statusReason?.[0] ?? request?.statusReason), 500) : null;
    const reason =
      wordsOf(found.reasonCode?.[0]) ??
      found.reasonReference?.map((each) => (each.reference ? this.#conditions.get(each.reference) : undefined) ?? each.display?.trim()).find(Boolean) ??
      null;
    const integer = (value: number | undefined, max: number) => (value !== undefined && Number.isInteger(value) && value >= 0 && value <= max ? value : null);
    const note = found.note?.map((each) => each.text?.trim()).find(Boolean);
    // The dose as our own export writes it, else as a quantity ('1 tablet').
    const ourDose = detailOf(extensions, 'dose')?.valueString;
    const doseWords = ourDose ?? doseOfQuantity(dosage?.doseAndRate?.find((each) => each.doseQuantity)?.doseQuantity);
    // The Dosage's words ('Inhale 2 puffs every 4 hours as needed for wheezing') unless they are only what our own
    // export wrote from the dose and the schedule.
    const sig = dosage?.text?.trim();
    const ownSig = sig === [ourDose, scheduleWords(schedule)].filter(Boolean).join(' ');
    const instructions =
      note ?? dosage?.patientInstruction ?? wordsOf(dosage?.additionalInstruction?.[0]) ?? (ownSig ? null : sig) ?? (statesSchedule ? words : null);
    const key = keyOf(name.trim(), textOf(strength, 100));
    return {
      kind: 'medication',
      key,
      row: {
        name: name.trim(),
        // Every code it came with (issue 34: RxNorm), which the export sends back out.
        codes,
        strength: textOf(strength, 100),
        form: (MEDICATION_FORMS as readonly string[]).includes(ourForm ?? '') ? (ourForm as MedicationForm) : (form ?? medicationForm),
        dose: textOf(doseWords, 100),
        route: textOf(wordsOf(dosage?.route), 100),
        instructions: textOf(instructions, 500),
        reason: textOf(reason, 200),
        pharmacy: textOf(detailOf(extensions, 'pharmacy')?.valueString ?? request?.dispenseRequest?.performer?.display, 200),
        startDate: start,
        // A stopped medication's period ends when it was stopped: its end date only when it was completed.
        endDate: ourDay('endDate') ?? (status !== 'stopped' || found.status === 'completed' ? end : null),
        status,
        pausedOn: status === 'paused' ? (ourDay('pausedOn') ?? this.#today) : null,
        stoppedOn,
        stopReason,
        refillsLeft: integer(detailOf(extensions, 'refillsLeft')?.valueInteger ?? request?.dispenseRequest?.numberOfRepeatsAllowed, 99),
        quantityOnHand: integer(detailOf(extensions, 'quantityOnHand')?.valueInteger, 100_000),
        schedule,
      },
      source: statement?.informationSource ?? request?.requester,
      current: status !== 'stopped',
      day,
      named,
    };
  }
}
