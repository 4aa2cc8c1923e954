import { ALLERGY_CRITICALITIES, ALLERGY_STATUSES, ALLERGY_TYPES, type AllergyReaction, MAX_REACTIONS, REACTION_SEVERITIES } from '../../shared/rules/allergies';
import { CODE_SYSTEMS } from '../../shared/rules/codes';
import { CONDITION_STATUSES } from '../../shared/rules/conditions';
import type { Database } from '../db/client';
import { allergies, conditions, immunizations } from '../db/schema/index';
import { ownRows, type Patient } from '../core/patient';
import {
  calendarDayOf,
  ENTERED_IN_ERROR,
  FhirAllergyIntolerance,
  type FhirCodeableConcept,
  FhirCondition,
  FhirImmunization,
  hasCoding,
  wordsOf,
} from './fhir-input';
import { ABATEMENT_EXTENSION, HEALTH_LIST_SYSTEMS } from './health-list-resources';
import { codesOf, KnownItems, noteOf } from './health-list-values';
import { alreadyThere, imported, type Outcome, read, type Resource, Skip, skipped } from './import-outcome';
import { identifiersOf } from './source-identifiers';

// The health lists (issue 34) in from another record (ADR 18): a Condition becomes an item of the problem list, an
// AllergyIntolerance one of the allergies, an Immunization one of the vaccines given; each with every code it came
// with, which the export sends back out.
//
// - Idempotent: an item the record has already (health-list-values.ts: one of the identifiers or the fullUrl it came
//   with; else a shared code and the same day, or the same words and day; an allergy by code or words alone) is
//   counted as already in the record and not added again, and so is a second one of the same Bundle. The same Bundle
//   twice, a later download of it, or the app's own export, adds nothing.
// - A condition keeps its clinical status (resolved, inactive, remission are not current); one that states none but
//   has ended (an abatement of any kind) is resolved.
// - Skipped, with why: what says it is wrong (entered in error, refuted), a vaccine not given, a "no known …" entry
//   (the IPS states an empty list so), and an item with no words (a bare code says nothing the patient can read).
//
// The rows are written together at the end (`write`), inside the import's transaction.

/** The contract's bounds (contracts/conditions.ts, allergies.ts, immunizations.ts). */
const NAME_MAX = 2000;
const VACCINE_MAX = 500;
const NOTE_MAX = 2000;
const LOT_MAX = 100;
const SITE_MAX = 100;
const PERFORMER_MAX = 200;
const MANIFESTATION_MAX = 200;
/** Rows of one insert: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

/**
 * A data table: the codes by which a record says a list is empty rather than naming an item — the IPS's
 * absent-unknown code system, and SNOMED CT's "no known …" findings.
 */
const IPS_ABSENT_UNKNOWN = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';
const NONE_KNOWN: ReadonlyArray<readonly [string, string]> = [
  ...[
    'no-allergy-info',
    'no-known-allergies',
    'no-known-medication-allergies',
    'no-known-environmental-allergies',
    'no-known-food-allergies',
    'no-problem-info',
    'no-known-problems',
    'no-immunization-info',
    'no-known-immunizations',
  ].map((code) => [IPS_ABSENT_UNKNOWN, code] as const),
  // No known allergy, drug allergy, food allergy, environmental allergy; no current problems or disability.
  ...['716186003', '409137002', '429625007', '428607008', '160245001'].map((code) => [CODE_SYSTEMS.snomed, code] as const),
];
const NONE_KNOWN_REASON = 'says there is none known ("no known …"), which is not an item';

const saysNoneKnown = (concept: FhirCodeableConcept | undefined) => NONE_KNOWN.some(([system, code]) => hasCoding(concept, system, code));

/** A status of `values` among the concept's codings, of `system` first, then of any. */
function statusIn<T extends string>(concept: FhirCodeableConcept | undefined, system: string, values: readonly T[]): T | null {
  const codings = concept?.coding ?? [];
  const known = (coding: (typeof codings)[number]) => values.find((value) => value === coding.code?.trim());
  for (const coding of codings) if (coding.system === system && known(coding)) return known(coding)!;
  for (const coding of codings) if (known(coding)) return known(coding)!;
  return null;
}

/** A text that is there, trimmed, and at most `max` characters; null otherwise. */
function textOf(value: string | null | undefined, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : null;
}

/** The dose number of an Immunization: a positive whole number, or digits in words; 1–99 as the list keeps it. */
function doseNumberOf(protocol: { doseNumberPositiveInt?: number; doseNumberString?: string } | undefined): number | null {
  const words = protocol?.doseNumberString?.trim();
  const value = protocol?.doseNumberPositiveInt ?? (words && /^\d+$/.test(words) ? Number(words) : undefined);
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= 99 ? value : null;
}

/**
 * The words of a condition or an allergy as an item of its list, or why it is none: what its verification says is
 * wrong (entered in error, refuted), a "no known …" entry, no words, or words longer than an item holds.
 */
function itemWords(verificationStatus: FhirCodeableConcept | undefined, verification: string, code: FhirCodeableConcept | undefined): string | Skip {
  if (hasCoding(verificationStatus, verification, ENTERED_IN_ERROR)) return new Skip(`is ${ENTERED_IN_ERROR}`);
  if (hasCoding(verificationStatus, verification, 'refuted')) return new Skip('is refuted');
  if (saysNoneKnown(code)) return new Skip(NONE_KNOWN_REASON);
  const words = wordsOf(code);
  if (!words) return new Skip('says nothing in words (a bare code)');
  if (words.length > NAME_MAX) return new Skip(`has a name longer than ${NAME_MAX.toLocaleString('en-US')} characters`);
  return words;
}

type ConditionRow = typeof conditions.$inferInsert;
type AllergyRow = typeof allergies.$inferInsert;
type ImmunizationRow = typeof immunizations.$inferInsert;

export class HealthListImport {
  readonly #known = { conditions: new KnownItems(), allergies: new KnownItems(), immunizations: new KnownItems() };
  readonly #added: { conditions: ConditionRow[]; allergies: AllergyRow[]; immunizations: ImmunizationRow[] } = { conditions: [], allergies: [], immunizations: [] };

  constructor(
    private readonly tx: Database,
    private readonly patient: Patient,
  ) {}

  /** The items the record has, to know those that come again. One query after another: a transaction is one connection. */
  async load(): Promise<void> {
    const { tx, patient } = this;
    const conditionRows = await tx
      .select({ identifiers: conditions.identifiers, name: conditions.name, codes: conditions.codes, onsetDate: conditions.onsetDate })
      .from(conditions)
      .where(ownRows(conditions, patient));
    for (const row of conditionRows) this.#known.conditions.add({ identifiers: row.identifiers, words: row.name, codes: row.codes, day: row.onsetDate });
    const allergyRows = await tx
      .select({ identifiers: allergies.identifiers, substance: allergies.substance, codes: allergies.codes })
      .from(allergies)
      .where(ownRows(allergies, patient));
    for (const row of allergyRows) this.#known.allergies.add({ identifiers: row.identifiers, words: row.substance, codes: row.codes, day: null });
    const immunizationRows = await tx
      .select({ identifiers: immunizations.identifiers, vaccine: immunizations.vaccine, codes: immunizations.codes, date: immunizations.date })
      .from(immunizations)
      .where(ownRows(immunizations, patient));
    for (const row of immunizationRows) this.#known.immunizations.add({ identifiers: row.identifiers, words: row.vaccine, codes: row.codes, day: row.date });
  }

  condition(resource: Resource, fullUrl: string | undefined): Outcome {
    const found = read(FhirCondition, resource);
    if (found instanceof Skip) return found;
    const words = itemWords(found.verificationStatus, HEALTH_LIST_SYSTEMS.conditionVerification, found.code);
    if (words instanceof Skip) return words;

    const ended =
      found.abatementDateTime !== undefined ||
      found.abatementPeriod !== undefined ||
      found.abatementString !== undefined ||
      found.abatementBoolean === true ||
      found.abatementAge !== undefined ||
      found.abatementRange !== undefined;
    const clinicalStatus = statusIn(found.clinicalStatus, HEALTH_LIST_SYSTEMS.conditionClinical, CONDITION_STATUSES) ?? (ended ? 'resolved' : 'active');
    const onsetDate = calendarDayOf(found.onsetDateTime ?? found.onsetPeriod?.start);
    // Our own export keeps the end of a current condition on its extension (FHIR allows no abatement with it).
    const ownEnd = found.extension?.find((extension) => extension.url === ABATEMENT_EXTENSION)?.valueDate;
    let abatementDate = calendarDayOf(found.abatementDateTime ?? found.abatementPeriod?.end ?? ownEnd);
    // An end before the onset is no end the list can hold (it would have the condition end before it began).
    if (onsetDate !== null && abatementDate !== null && abatementDate < onsetDate) abatementDate = null;

    const key = { identifiers: identifiersOf(resource, fullUrl), words, codes: codesOf(found.code), day: onsetDate };
    if (this.#known.conditions.has(key)) return alreadyThere;
    this.#known.conditions.add(key);
    this.#added.conditions.push({
      userId: this.patient.id,
      name: words,
      codes: key.codes,
      identifiers: key.identifiers,
      clinicalStatus,
      onsetDate,
      abatementDate,
      note: noteOf(found.note, NOTE_MAX),
    });
    return imported;
  }

  allergy(resource: Resource, fullUrl: string | undefined): Outcome {
    const found = read(FhirAllergyIntolerance, resource);
    if (found instanceof Skip) return found;
    const words = itemWords(found.verificationStatus, HEALTH_LIST_SYSTEMS.allergyVerification, found.code);
    if (words instanceof Skip) return words;

    const reactions: AllergyReaction[] = [];
    for (const reaction of found.reaction ?? []) {
      const severity = REACTION_SEVERITIES.find((known) => known === reaction.severity) ?? null;
      const manifestations = (reaction.manifestation ?? []).map((each) => wordsOf(each)).filter((each): each is string => each !== null);
      // A reaction in words only (its description) when it names no manifestation in words.
      if (manifestations.length === 0 && reaction.description?.trim()) manifestations.push(reaction.description.trim());
      for (const manifestation of manifestations) if (manifestation.length <= MANIFESTATION_MAX) reactions.push({ manifestation, severity });
    }

    const key = { identifiers: identifiersOf(resource, fullUrl), words, codes: codesOf(found.code), day: null };
    if (this.#known.allergies.has(key)) return alreadyThere;
    this.#known.allergies.add(key);
    this.#added.allergies.push({
      userId: this.patient.id,
      substance: words,
      codes: key.codes,
      identifiers: key.identifiers,
      type: ALLERGY_TYPES.find((known) => known === found.type) ?? null,
      criticality: ALLERGY_CRITICALITIES.find((known) => known === found.criticality) ?? null,
      reactions: reactions.slice(0, MAX_REACTIONS),
      status: statusIn(found.clinicalStatus, HEALTH_LIST_SYSTEMS.allergyClinical, ALLERGY_STATUSES) ?? 'active',
      note: noteOf(found.note, NOTE_MAX),
    });
    return imported;
  }

  immunization(resource: Resource, fullUrl: string | undefined): Outcome {
    const found = read(FhirImmunization, resource);
    if (found instanceof Skip) return found;
    if (found.status === 'not-done') return skipped('was not given (not-done)');
    if (found.status === ENTERED_IN_ERROR) return skipped(`is ${ENTERED_IN_ERROR}`);
    if (found.status !== 'completed') return skipped(`has the status ${found.status}, not completed`);
    if (saysNoneKnown(found.vaccineCode)) return skipped(NONE_KNOWN_REASON);
    const words = wordsOf(found.vaccineCode);
    if (!words) return skipped('says nothing in words (a bare code)');
    if (words.length > VACCINE_MAX) return skipped(`has a name longer than ${VACCINE_MAX} characters`);
    const date = calendarDayOf(found.occurrenceDateTime);
    if (!date) return skipped('has no date it was given');

    // Who gave it: the administering provider when the record says which performer that is, else the first named.
    const performers = [...(found.performer ?? [])].sort(
      (a, b) => Number(hasCoding(b.function, 'http://terminology.hl7.org/CodeSystem/v2-0443', 'AP')) - Number(hasCoding(a.function, 'http://terminology.hl7.org/CodeSystem/v2-0443', 'AP')),
    );
    const performer = performers.map((each) => textOf(each.actor?.display, PERFORMER_MAX)).find((each) => each !== null) ?? null;

    const key = { identifiers: identifiersOf(resource, fullUrl), words, codes: codesOf(found.vaccineCode), day: date };
    if (this.#known.immunizations.has(key)) return alreadyThere;
    this.#known.immunizations.add(key);
    this.#added.immunizations.push({
      userId: this.patient.id,
      vaccine: words,
      codes: key.codes,
      identifiers: key.identifiers,
      date,
      doseNumber: doseNumberOf(found.protocolApplied?.[0]),
      lotNumber: textOf(found.lotNumber, LOT_MAX),
      site: textOf(wordsOf(found.site), SITE_MAX),
      performer,
      note: noteOf(found.note, NOTE_MAX),
    });
    return imported;
  }

  /** Writes the items added, in the order they came, a list at a time. */
  async write(): Promise<void> {
    const { tx } = this;
    for (let at = 0; at < this.#added.conditions.length; at += INSERT_CHUNK) await tx.insert(conditions).values(this.#added.conditions.slice(at, at + INSERT_CHUNK));
    for (let at = 0; at < this.#added.allergies.length; at += INSERT_CHUNK) await tx.insert(allergies).values(this.#added.allergies.slice(at, at + INSERT_CHUNK));
    for (let at = 0; at < this.#added.immunizations.length; at += INSERT_CHUNK) await tx.insert(immunizations).values(this.#added.immunizations.slice(at, at + INSERT_CHUNK));
  }
}
