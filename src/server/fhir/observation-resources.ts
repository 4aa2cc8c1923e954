import type { Extension, Observation, ObservationReferenceRange, Patient, Quantity, Reference } from '@medplum/fhirtypes';
import { DIASTOLIC, measureOf, type Measure, type MeasureKind, SYSTOLIC } from '../../shared/rules/measures';
import { OBSERVATION_SOURCES, type ObservationSource } from '../../shared/rules/observations';
import type { PatientRows } from '../archive/patient-rows';
import { identifierElements } from './source-identifiers';

// Vitals and lab results (issue 35) out as FHIR R4: each reading an Observation of FHIR's category (vital-signs or
// laboratory) with its LOINC code, its value as it was given (UCUM's code of its unit, a lab's '<' or '>'), blood
// pressure as FHIR's panel of two components, words as a string; the range a lab sent with it, its note, and where it
// came from. A vital sign names FHIR's vital-signs profiles it meets. import-observations.ts reads them back, so that
// the app's own export changes nothing.

type Reading = PatientRows['observations'][number];

/** FHIR's and UCUM's systems, as Observations name them. */
export const OBSERVATION_SYSTEMS = {
  category: 'http://terminology.hl7.org/CodeSystem/observation-category',
  loinc: 'http://loinc.org',
  ucum: 'http://unitsofmeasure.org',
} as const;

/** FHIR's category of each kind of reading, with the display its code system gives it. */
export const OBSERVATION_CATEGORY: Readonly<Record<MeasureKind, { code: string; display: string }>> = {
  'vital-sign': { code: 'vital-signs', display: 'Vital Signs' },
  laboratory: { code: 'laboratory', display: 'Laboratory' },
};

/**
 * Who or what measured it (rules/observations.ts OBSERVATION_SOURCES), which FHIR says only in part (a performer, a
 * device): on our own extension, so that a reading the patient took comes back as theirs, a lab's as a lab's.
 */
export const READING_SOURCE_EXTENSION = 'urn:healthassist:fhir:reading-source';

/** The source our extension names, if it is one. */
export function readingSourceOf(extensions: ReadonlyArray<{ url: string; valueCode?: string }> | undefined): ObservationSource | undefined {
  const code = extensions?.find((extension) => extension.url === READING_SOURCE_EXTENSION)?.valueCode;
  return OBSERVATION_SOURCES.find((source) => source === code);
}

const VITAL_SIGNS_PROFILE = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';

/**
 * A data table: FHIR R4's profile of each vital sign that has one, by the measure's LOINC code, named only where
 * @medplum/core's validator (the export test's) passes our resource against it. Not blood pressure's (bp): the validator
 * finds neither of its component slices even in the specification's own example, whose codes are in a nested slice.
 * Nor oxygen saturation's: R4's profile asks for LOINC 2708-6, and the measure's code is 59408-5 (pulse oximetry).
 */
const VITAL_SIGN_PROFILES: Readonly<Record<string, string>> = {
  '8867-4': 'http://hl7.org/fhir/StructureDefinition/heartrate',
  '9279-1': 'http://hl7.org/fhir/StructureDefinition/resprate',
  '8310-5': 'http://hl7.org/fhir/StructureDefinition/bodytemp',
  '29463-7': 'http://hl7.org/fhir/StructureDefinition/bodyweight',
  '8302-2': 'http://hl7.org/fhir/StructureDefinition/bodyheight',
  '39156-5': 'http://hl7.org/fhir/StructureDefinition/bmi',
  '9843-4': 'http://hl7.org/fhir/StructureDefinition/headcircum',
};

/** The symbol a patient reads for a UCUM unit ('mm[Hg]' is mmHg, '[lb_av]' lb), else the code itself. */
function unitSymbol(measure: Measure | undefined, ucum: string): string {
  const displays = measure?.display ? Object.values(measure.display) : [];
  return displays.find((display) => display.ucum === ucum && display.symbol !== '')?.symbol ?? ucum;
}

/** A number in a UCUM unit, as FHIR's Quantity holds it: the code for machines, the symbol for people. */
function quantity(measure: Measure | undefined, value: number, unit: string | null, comparator?: Quantity['comparator']): Quantity {
  return unit ? { value, comparator, unit: unitSymbol(measure, unit), system: OBSERVATION_SYSTEMS.ucum, code: unit } : { value, comparator };
}

const loinc = (code: string, display?: string) => ({ system: OBSERVATION_SYSTEMS.loinc, code, display });

/** The range a lab sent with the reading, in the value's unit, when there is one. */
function referenceRangeOf(measure: Measure | undefined, row: Reading): ObservationReferenceRange[] | undefined {
  if (row.referenceLow === null && row.referenceHigh === null && row.referenceText === null) return undefined;
  return [
    {
      low: row.referenceLow === null ? undefined : quantity(measure, row.referenceLow, row.unit),
      high: row.referenceHigh === null ? undefined : quantity(measure, row.referenceHigh, row.unit),
      text: row.referenceText ?? undefined,
    },
  ];
}

/** The value[x] or the components of a reading. */
function valueOf(measure: Measure | undefined, row: Reading): Pick<Observation, 'valueQuantity' | 'valueString' | 'component'> {
  if (row.valueType === 'text') return { valueString: row.valueText ?? undefined };
  if (row.valueType === 'blood-pressure') {
    return {
      component: [
        { code: { coding: [loinc(SYSTOLIC, 'Systolic blood pressure')], text: 'Systolic blood pressure' }, valueQuantity: quantity(measure, row.value!, row.unit) },
        { code: { coding: [loinc(DIASTOLIC, 'Diastolic blood pressure')], text: 'Diastolic blood pressure' }, valueQuantity: quantity(measure, row.secondValue!, row.unit) },
      ],
    };
  }
  return { valueQuantity: quantity(measure, row.value!, row.unit, row.comparator ?? undefined) };
}

/** Who or what measured it in FHIR's words: the patient or a provider or lab as the performer, a device as the device. */
function measuredBy(row: Reading, subject: Reference<Patient>): Pick<Observation, 'performer' | 'device'> {
  const display = row.sourceName ?? undefined;
  if (row.source === 'device') return { device: display ? { display } : undefined };
  if (row.source === 'patient') return { performer: [{ ...subject, display }] };
  return { performer: display ? [{ display }] : undefined };
}

export function observationResource(row: Reading, subject: Reference<Patient>): Observation {
  const measure = measureOf(row.code);
  const category = OBSERVATION_CATEGORY[row.kind];
  const specific = row.kind === 'vital-sign' ? VITAL_SIGN_PROFILES[row.code] : undefined;
  const source: Extension = { url: READING_SOURCE_EXTENSION, valueCode: row.source };
  return {
    resourceType: 'Observation',
    meta: row.kind === 'vital-sign' ? { profile: [VITAL_SIGNS_PROFILE, ...(specific ? [specific] : [])] } : undefined,
    identifier: identifierElements(row.identifiers),
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_SYSTEMS.category, ...category }] }],
    code: { coding: [loinc(row.code)], text: measure?.name ?? row.code },
    subject,
    effectiveDateTime: row.takenAt.toISOString(),
    ...measuredBy(row, subject),
    ...valueOf(measure, row),
    referenceRange: referenceRangeOf(measure, row),
    note: row.note ? [{ text: row.note }] : undefined,
    extension: [source],
  };
}
