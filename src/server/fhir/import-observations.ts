import { TZDate } from '@date-fns/tz';
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { ObservationValue as ObservationValueContract, ReferenceRange } from '../../shared/contracts/observations';
import { BLOOD_PRESSURE, DIASTOLIC, measureOf, type Measure, SYSTOLIC } from '../../shared/rules/measures';
import { BLOOD_PRESSURE_UNIT, COMPARATORS, type ObservationSource, type ObservationValue } from '../../shared/rules/observations';
import type { SourceIdentifier } from '../../shared/rules/codes';
import type { Database } from '../db/client';
import { observations } from '../db/schema/index';
import { ownRows, type Patient } from '../core/patient';
import { HttpError } from '../core/errors';
import { readingKey } from '../observations/csv-readings';
import { storedValue, valueColumns } from '../observations/stored-reading';
import { toChartValue, ucumUnitOf } from '../observations/units';
import { calendarDayOf, ENTERED_IN_ERROR, type FhirCodeableConcept, FhirObservation, type FhirObservationQuantity, wordsOf } from './fhir-input';
import { noteOf } from './health-list-values';
import { alreadyThere, imported, type Outcome, read, type Resource, Skip } from './import-outcome';
import { OBSERVATION_SYSTEMS, readingSourceOf } from './observation-resources';
import { identifiersOf, KnownIdentifiers } from './source-identifiers';

// Vitals and lab results (issue 35) in from another record (ADR 18): an Observation of FHIR's vital-signs or
// laboratory category (or of none: a portal may leave it out) whose LOINC code names a measure of the table
// (rules/measures.ts) becomes a reading, its value
// as it was given (the unit as UCUM's code, a lab's '<' or '>'), blood pressure's panel one reading of two numbers.
//
// - Idempotent: a reading the record has already — one that came with one of the same identifiers or the same
//   fullUrl (source-identifiers.ts), else the same measure, minute and value in the measure's unit (csv-readings.ts
//   readingKey: 81.4 kg and 81,400 g are one weight) — is counted as already in the record and not added again, and so
//   is a second one of the same Bundle. The same Bundle twice, a later download of it, or the app's own export, adds
//   nothing; a result the lab has corrected since is known by its identifiers and left as the record has it.
// - Skipped, with why the patient can read: a result that says it is wrong (entered in error, cancelled) or not final
//   (preliminary, registered); another category (social history, a survey); a code HealthAssist knows no measure by
//   (a BMI percentile); a panel of other results (a lipid panel, a CBC: each of its members is its own Observation,
//   imported one by one); no value; a unit UCUM does not convert to the measure's; no time it was taken.
// - Who measured it: our own extension when the app's export wrote it; else a device when the resource names one, the
//   patient when the performer is the Bundle's Patient, a lab for a laboratory result, and a provider for a vital sign.
//
// Each Observation is read when the import begins (a Synthea patient has 500 to 3,000 of them), and the record's
// readings of those measures at those minutes are loaded at once; the rows are written together at the end
// (`write`), inside the import's transaction, a thousand an insert.

type Entry = { resource: Resource; fullUrl: string | undefined; index: number };
type ReadingRow = Omit<typeof observations.$inferInsert, 'userId'>;

/** A reading read from an Observation: its row, its identity (readingKey), and where it came from. */
interface Reading {
  row: ReadingRow;
  key: string;
  identifiers: SourceIdentifier[];
}

/** The contract's bounds (contracts/observations.ts): who measured it, and the note. */
const SOURCE_NAME_MAX = 200;
const NOTE_MAX = 2000;
/** Rows of one insert: far below PostgreSQL's 65,535 parameters (22 columns a row). */
const INSERT_CHUNK = 1000;
/** Minutes the record's readings are looked up by in one query. */
const MINUTES_A_QUERY = 5000;
const MINUTE = 60_000;

/** The statuses of a result that stands: final, and final since changed. */
const FINAL_STATUSES = ['final', 'amended', 'corrected', 'appended'];
const PANEL = 'a panel: its results are imported one by one';
const NO_VALUE = 'has no value';

/** Zero-width spaces and joiners, which Synthea's displays carry. */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

/** A text that is there, trimmed, and at most `max` characters; null otherwise. */
function textOf(value: string | null | undefined, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : null;
}

/** The reference keys a resource is known by in its Bundle: its fullUrl and Type/id. */
function referencesOf(resource: Resource, fullUrl: string | undefined): string[] {
  return [...(fullUrl ? [fullUrl] : []), ...(typeof resource.id === 'string' ? [`${resource.resourceType}/${resource.id}`] : [])];
}

/** The LOINC codes of a concept, as they came (trimmed), with their displays. */
function loincCodings(concept: FhirCodeableConcept | undefined): Array<{ code: string; display: string | undefined }> {
  return (concept?.coding ?? []).flatMap((coding) =>
    coding.system?.trim() === OBSERVATION_SYSTEMS.loinc && coding.code?.trim() ? [{ code: coding.code.trim(), display: coding.display }] : [],
  );
}

/**
 * The kind of result FHIR's category says it is, or why it is neither a vital sign nor a lab result: the category's
 * code ('social-history', 'survey'). Without a category, the measure its code names says (a portal may leave it out).
 */
function categoryOf(categories: FhirCodeableConcept[] | undefined): 'vital-signs' | 'laboratory' | 'none' | Skip {
  const codes = (categories ?? [])
    .flatMap((category) => category.coding ?? [])
    .filter((coding) => coding.system === undefined || coding.system.trim() === OBSERVATION_SYSTEMS.category)
    .map((coding) => coding.code?.trim())
    .filter((code): code is string => Boolean(code));
  if (codes.includes('vital-signs')) return 'vital-signs';
  if (codes.includes('laboratory')) return 'laboratory';
  if (codes.length > 0) return new Skip(`is ${codes[0]}, not a vital sign or a lab result`);
  return 'none';
}

/** The measure of the Observation's code, or why there is none the patient can read. */
function measureOfCode(code: FhirCodeableConcept): Measure | Skip {
  const codings = loincCodings(code);
  for (const coding of codings) {
    const measure = measureOf(coding.code);
    if (measure) return measure;
  }
  if (codings.some((coding) => coding.code === SYSTOLIC || coding.code === DIASTOLIC)) {
    return new Skip('is one number of a blood pressure alone: HealthAssist keeps blood pressure as its two numbers together');
  }
  const [first] = codings;
  if (!first) return new Skip('has no LOINC code, by which HealthAssist knows vital signs and lab tests');
  const words = (first.display || code.text)?.replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim().slice(0, 200);
  return new Skip(`LOINC ${first.code}${words ? ` (${words})` : ''} is not a measure HealthAssist knows`);
}

/**
 * A Quantity's unit as UCUM's code: its code (when it is UCUM's or names no system), else its words, each read as
 * ucumUnitOf reads a unit ('mmHg' is mm[Hg]); the text as it came when neither is one (the refusal names it).
 */
function unitOf(quantity: FhirObservationQuantity): string {
  const ucumCode = quantity.system === undefined || quantity.system.trim() === OBSERVATION_SYSTEMS.ucum ? quantity.code : undefined;
  const written = [ucumCode, quantity.unit].map((each) => each?.trim()).filter((each): each is string => Boolean(each));
  for (const unit of written) {
    const code = ucumUnitOf(unit);
    if (code) return code;
  }
  return written[0] ?? '';
}

/**
 * A moment FHIR gives: a dateTime with its offset is that instant; a date alone is its start on the patient's clock
 * (as a CSV's date is); anything less (a month, a time without an offset) is none.
 */
function instantOf(text: string | undefined, timeZone: string): Date | null {
  const value = text?.trim();
  if (!value) return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day && calendarDayOf(value)) {
    const start = TZDate.tz(timeZone, Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    return Number.isNaN(start.getTime()) ? null : new Date(start.getTime());
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? null : new Date(instant);
}

export class ObservationImport {
  /** Each Observation read, by its index in the Bundle. */
  readonly #readings = new Map<number, Reading | Skip>();
  /** The references of the Bundle's Patient: a performer that names it is the patient. */
  readonly #patientReferences = new Set<string>();
  /** The readings of the record and those added so far: by where they came from, and by measure, minute and value. */
  readonly #sources = new KnownIdentifiers<true>();
  readonly #keys = new Set<string>();
  readonly #added: Array<typeof observations.$inferInsert> = [];

  constructor(
    private readonly tx: Database,
    private readonly patient: Patient,
    private readonly timeZone: string,
    entries: Entry[],
    private readonly now = new Date(),
  ) {
    for (const { resource, fullUrl } of entries) {
      if (resource.resourceType === 'Patient') for (const reference of referencesOf(resource, fullUrl)) this.#patientReferences.add(reference);
    }
    for (const { resource, fullUrl, index } of entries) {
      if (resource.resourceType === 'Observation') this.#readings.set(index, this.#read(resource, fullUrl));
    }
  }

  /**
   * The record's readings that the Bundle's could be: those that came with identifiers (from an earlier import), and
   * those of the Bundle's measures at the Bundle's minutes. One query after another: a transaction is one connection.
   */
  async load(): Promise<void> {
    const { tx, patient } = this;
    const sourced = await tx
      .select({ identifiers: observations.identifiers })
      .from(observations)
      .where(and(ownRows(observations, patient), sql`jsonb_array_length(${observations.identifiers}) > 0`));
    for (const row of sourced) this.#sources.add(row.identifiers, true);

    const readings = [...this.#readings.values()].filter((reading): reading is Reading => !(reading instanceof Skip));
    if (readings.length === 0) return;
    const codes = [...new Set(readings.map((reading) => reading.row.code))];
    const minutes = [...new Set(readings.map((reading) => Math.floor(reading.row.takenAt.getTime() / MINUTE)))].sort((a, b) => a - b);
    const minuteOf = sql`floor(extract(epoch from ${observations.takenAt}) / 60)`;
    for (let at = 0; at < minutes.length; at += MINUTES_A_QUERY) {
      const some = minutes.slice(at, at + MINUTES_A_QUERY);
      const rows = await tx
        .select({
          code: observations.code,
          takenAt: observations.takenAt,
          valueType: observations.valueType,
          value: observations.value,
          secondValue: observations.secondValue,
          comparator: observations.comparator,
          valueText: observations.valueText,
          unit: observations.unit,
        })
        .from(observations)
        .where(
          and(
            ownRows(observations, patient),
            inArray(observations.code, codes),
            gte(observations.takenAt, new Date(some[0]! * MINUTE)),
            lte(observations.takenAt, new Date(some.at(-1)! * MINUTE + MINUTE - 1)),
            inArray(minuteOf, some),
          ),
        );
      for (const row of rows) this.#keys.add(readingKey({ code: row.code, takenAt: row.takenAt, value: storedValue(row) }));
    }
  }

  /** An Observation of the Bundle, by its index: a reading added, one the record has, or why not. */
  observation(index: number): Outcome {
    const reading = this.#readings.get(index);
    if (reading === undefined) throw new Error(`no Observation was read at entry ${index}`);
    if (reading instanceof Skip) return reading;
    if (this.#sources.find(reading.identifiers) !== undefined || this.#keys.has(reading.key)) return alreadyThere;
    this.#sources.add(reading.identifiers, true);
    this.#keys.add(reading.key);
    this.#added.push({ ...reading.row, userId: this.patient.id });
    return imported;
  }

  /** Writes the readings added, in the order they came, a thousand an insert. */
  async write(): Promise<void> {
    for (let at = 0; at < this.#added.length; at += INSERT_CHUNK) await this.tx.insert(observations).values(this.#added.slice(at, at + INSERT_CHUNK));
  }

  /** An Observation as a reading, or why it is none. */
  #read(resource: Resource, fullUrl: string | undefined): Reading | Skip {
    const found = read(FhirObservation, resource);
    if (found instanceof Skip) return found;
    if (found.status === ENTERED_IN_ERROR || found.status === 'cancelled') return new Skip(`is ${found.status}`);
    if (!FINAL_STATUSES.includes(found.status)) return new Skip(`has the status ${found.status}, not final`);
    const category = categoryOf(found.category);
    if (category instanceof Skip) return category;
    const hasValue = [found.valueQuantity, found.valueInteger, found.valueString, found.valueCodeableConcept].some((value) => value !== undefined);
    if ((found.hasMember?.length ?? 0) > 0 && !hasValue && (found.component?.length ?? 0) === 0) return new Skip(PANEL);
    const measure = measureOfCode(found.code);
    if (measure instanceof Skip) return measure;

    const value = valueOf(found, measure);
    if (value instanceof Skip) return value;
    const range = rangeOf(found.referenceRange?.[0], value);
    let columns;
    try {
      columns = valueColumns(measure, value, range);
    } catch (error) {
      // A unit that is not one of the measure's, a number for a measure given in words: the service's refusal.
      if (error instanceof HttpError) return new Skip(error.message);
      throw error;
    }
    // The bounds the API holds a reading to (a pressure from 1 to 400, words of at most 200 characters).
    const checked = ObservationValueContract.safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return new Skip(`${['value', ...issue.path.map(String)].join('.')}: ${issue.message}`);
    }

    const takenAt = [found.effectiveDateTime, found.effectivePeriod?.start, found.effectiveInstant, found.issued]
      .map((text) => instantOf(text, this.timeZone))
      .find((instant) => instant !== null);
    if (!takenAt) return new Skip('has no date and time it was taken');
    if (takenAt.getTime() > this.now.getTime() + MINUTE) return new Skip('is dated in the future');
    if (takenAt.getUTCFullYear() < 1900) return new Skip('is dated before 1900');

    const byPatient = found.performer?.some((performer) => performer.reference !== undefined && this.#patientReferences.has(performer.reference.trim())) ?? false;
    const source: ObservationSource =
      readingSourceOf(found.extension) ?? (found.device ? 'device' : byPatient ? 'patient' : (category === 'none' ? measure.kind === 'laboratory' : category === 'laboratory') ? 'lab' : 'provider');
    const sourceName = [...(found.performer ?? []), ...(found.device ? [found.device] : [])].map((each) => textOf(each.display, SOURCE_NAME_MAX)).find((each) => each !== null) ?? null;

    const identifiers = identifiersOf(resource, fullUrl);
    return {
      row: {
        kind: measure.kind,
        code: measure.loinc,
        takenAt,
        ...columns,
        source,
        sourceName,
        note: noteOf(found.note, NOTE_MAX),
        identifiers,
      },
      key: readingKey({ code: measure.loinc, takenAt, value }),
      identifiers,
    };
  }
}

/**
 * The value of an Observation as a reading's: blood pressure's two components (in mmHg, converted when given in
 * another unit of pressure), a number with its unit, a count, or words (a string, or a concept's words: a lab's
 * 'Negative'). A number without a unit is in the measure's own when that has no dimension (an INR, a pH).
 */
function valueOf(found: FhirObservation, measure: Measure): ObservationValue | Skip {
  if (measure.loinc === BLOOD_PRESSURE) {
    const number = (code: string): number | Skip | undefined => {
      const quantity = found.component?.find((component) => loincCodings(component.code).some((coding) => coding.code === code))?.valueQuantity;
      if (quantity?.value === undefined) return undefined;
      // Blood pressure is in mmHg when the component names no unit.
      const unit = unitOf(quantity);
      if (unit === BLOOD_PRESSURE_UNIT || unit === '') return quantity.value;
      const converted = toChartValue(measure, quantity.value, unit);
      return 'value' in converted ? converted.value : new Skip(`value.unit: ${converted.refusal}`);
    };
    const [systolic, diastolic] = [number(SYSTOLIC), number(DIASTOLIC)];
    if (systolic instanceof Skip) return systolic;
    if (diastolic instanceof Skip) return diastolic;
    if (systolic === undefined && diastolic === undefined) return new Skip(NO_VALUE);
    if (systolic === undefined || diastolic === undefined) return new Skip('has only one of blood pressure’s two numbers (systolic 8480-6 and diastolic 8462-4)');
    return { type: 'blood-pressure', systolic, diastolic, unit: BLOOD_PRESSURE_UNIT };
  }
  const quantity = found.valueQuantity;
  if (quantity?.value !== undefined || found.valueInteger !== undefined) {
    const number = quantity?.value ?? found.valueInteger!;
    let unit = quantity ? unitOf(quantity) : '';
    // A number of a measure without a dimension needs no unit: it is in the measure's own.
    if (unit === '' && measure.unit !== undefined && 'value' in toChartValue(measure, number, '')) unit = measure.unit;
    const comparator = COMPARATORS.find((each) => each === quantity?.comparator?.trim()) ?? null;
    return { type: 'quantity', number, comparator, unit };
  }
  const words = found.valueString?.trim() || wordsOf(found.valueCodeableConcept);
  if (words) return { type: 'text', text: words };
  return new Skip(NO_VALUE);
}

/**
 * The range a lab sent with the result (the first), in the value's unit: an end given in another unit is left out, and
 * a range the contract would refuse (its low above its high) is not kept. The reading is kept either way.
 */
function rangeOf(range: NonNullable<FhirObservation['referenceRange']>[number] | undefined, value: ObservationValue) {
  if (!range) return null;
  const valueUnit = value.type === 'text' ? undefined : value.unit;
  const bound = (quantity: FhirObservationQuantity | undefined) => {
    if (quantity?.value === undefined) return null;
    const unit = unitOf(quantity);
    return unit === '' || unit === valueUnit ? quantity.value : null;
  };
  const parsed = ReferenceRange.safeParse({ low: bound(range.low), high: bound(range.high), text: range.text?.trim() || null });
  return parsed.success ? parsed.data : null;
}
