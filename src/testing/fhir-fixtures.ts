import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../server/db/client';
import { observations } from '../server/db/schema/index';
import { createObservation as createReading } from '../server/services/observations';
import type { ObservationFields } from '../shared/contracts/observations';
import { CODE_SYSTEMS } from '../shared/rules/codes';
import type { ObservationValue } from '../shared/rules/observations';
import { createAllergy, createCondition, createDose, createImmunization, createMedication } from './factories';

// FHIR's medications (issue 32), health lists (issue 34) and vitals and lab results (issue 35) for the export and
// import tests: the patient's own of every kind, and Bundles in the shapes other records write them (Synthea 2.x and
// 3.x, Epic's patient-access API, the International Patient Summary).

/**
 * Beside the demo's four (daily, twice daily, at night, as needed): certain weekdays, every 8 hours (a course run to
 * its end), stopped before its end, paused; a log with a dose skipped with a reason, missed, and taken to the
 * millisecond.
 */
export async function addMedicationsOfEveryKind(db: Database, userId: number) {
  const weekly = await createMedication(db, userId, {
    name: 'Methotrexate',
    // Its RxNorm code, as a prescription imported from a hospital brings it (issue 34).
    codes: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '105586', display: 'methotrexate 2.5 MG Oral Tablet' }],
    strength: '2.5 mg',
    dose: '4 tablets',
    instructions: 'Take with a full glass of water',
    schedule: { kind: 'weekdays', weekdays: ['mon', 'thu'], times: ['09:30'] },
    startDate: '2026-01-05',
  });
  await createDose(db, weekly, { scheduledDate: '2026-03-02', scheduledTime: '09:30', status: 'skipped', takenAt: null, reason: 'Felt sick' });
  await createDose(db, weekly, { scheduledDate: '2026-03-05', scheduledTime: '09:30', status: 'missed', takenAt: null });
  await createDose(db, weekly, { scheduledDate: '2026-03-09', scheduledTime: '09:30', status: 'taken', takenAt: new Date('2026-03-09T09:41:12.345Z') });
  const course = await createMedication(db, userId, {
    name: 'Amoxicillin',
    strength: '500 mg',
    form: 'capsule',
    dose: '1-2 capsules',
    schedule: { kind: 'every-hours', everyHours: 8, firstTime: '06:00' },
    startDate: '2026-02-01',
    endDate: '2026-02-10',
    status: 'stopped',
    stoppedOn: '2026-02-10',
    stopReason: 'Course finished',
  });
  await createDose(db, course, { scheduledDate: '2026-02-03', scheduledTime: '06:00', status: 'missed', takenAt: null });
  await createMedication(db, userId, {
    name: 'Prednisone',
    strength: '20 mg',
    status: 'stopped',
    stoppedOn: '2026-01-20',
    stopReason: 'Side effects',
    startDate: '2026-01-10',
    endDate: '2026-01-30',
    prescriber: 'Urgent care',
  });
  await createMedication(db, userId, { name: 'Vitamin D', strength: null, form: null, dose: null, status: 'paused', pausedOn: '2026-03-01', schedule: { kind: 'daily', times: ['08:00'] } });
}

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const patient = { reference: 'urn:uuid:syn-patient' };

/**
 * A Synthea 3.x transaction Bundle's medications: a chronic prescription renewed at a visit (the earlier one stopped),
 * twice a day, every 6 hours, as needed, ended; the reason a Condition of the Bundle; the prescriber a conditional
 * reference (Synthea's) with its display; and ICU administrations, one of a home medication by its name, one of a
 * drip no prescription names, one not given.
 */
export const syntheaMedications = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    {
      fullUrl: 'urn:uuid:syn-patient',
      resource: { resourceType: 'Patient', id: 'syn-patient', name: [{ use: 'official', family: 'Kuhn', given: ['Darnell'], prefix: ['Mr.'] }], birthDate: '1961-07-14' },
      request: { method: 'POST', url: 'Patient' },
    },
    {
      fullUrl: 'urn:uuid:syn-hypertension',
      resource: {
        resourceType: 'Condition',
        id: 'syn-hypertension',
        clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] },
        code: { coding: [{ system: 'http://snomed.info/sct', code: '59621000', display: 'Essential hypertension (disorder)' }], text: 'Essential hypertension (disorder)' },
        subject: patient,
        onsetDateTime: '2018-03-12T09:30:00-04:00',
      },
      request: { method: 'POST', url: 'Condition' },
    },
    synthea('syn-rx-1', {
      status: 'stopped',
      medication: ['314076', 'lisinopril 10 MG Oral Tablet'],
      authoredOn: '2018-03-12T09:30:00-04:00',
      reason: 'urn:uuid:syn-hypertension',
      dosage: { timing: { repeat: { frequency: 1, period: 1.0, periodUnit: 'd' } }, asNeededBoolean: false, doseAndRate: [{ doseQuantity: { value: 1.0 } }] },
    }),
    synthea('syn-rx-2', {
      status: 'active',
      medication: ['314076', 'lisinopril 10 MG Oral Tablet'],
      authoredOn: '2019-03-18T09:30:00-04:00',
      reason: 'urn:uuid:syn-hypertension',
      dosage: { timing: { repeat: { frequency: 1, period: 1.0, periodUnit: 'd' } }, asNeededBoolean: false, doseAndRate: [{ doseQuantity: { value: 1.0 } }] },
    }),
    synthea('syn-rx-3', {
      status: 'active',
      medication: ['860975', '24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet'],
      authoredOn: '2019-03-18T09:30:00-04:00',
      dosage: { timing: { repeat: { frequency: 2, period: 1.0, periodUnit: 'd' } }, asNeededBoolean: false, doseAndRate: [{ doseQuantity: { value: 1.0 } }] },
    }),
    synthea('syn-rx-4', {
      status: 'completed',
      medication: ['308182', 'Amoxicillin 250 MG Oral Capsule'],
      authoredOn: '2020-11-02T14:00:00-05:00',
      dosage: { timing: { repeat: { frequency: 1, period: 6.0, periodUnit: 'h', boundsPeriod: { start: '2020-11-02', end: '2020-11-12' } } }, asNeededBoolean: false },
    }),
    synthea('syn-rx-5', {
      status: 'active',
      medication: ['313782', 'Acetaminophen 325 MG Oral Tablet'],
      authoredOn: '2021-01-05T10:00:00-05:00',
      dosage: { asNeededBoolean: true },
    }),
    {
      fullUrl: 'urn:uuid:syn-ma-1',
      resource: {
        resourceType: 'MedicationAdministration',
        id: 'syn-ma-1',
        status: 'completed',
        medicationCodeableConcept: { coding: [{ system: RXNORM, code: '314076', display: 'lisinopril 10 MG Oral Tablet' }], text: 'lisinopril 10 MG Oral Tablet' },
        subject: patient,
        context: { reference: 'urn:uuid:syn-icu-encounter' },
        effectiveDateTime: '2021-02-01T08:12:00-05:00',
        dosage: { dose: { value: 1, system: 'http://unitsofmeasure.org', code: '{tbl}' } },
      },
      request: { method: 'POST', url: 'MedicationAdministration' },
    },
    {
      fullUrl: 'urn:uuid:syn-ma-2',
      resource: {
        resourceType: 'MedicationAdministration',
        id: 'syn-ma-2',
        status: 'completed',
        medicationCodeableConcept: { coding: [{ system: RXNORM, code: '1719286', display: '10 ML Furosemide 10 MG/ML Injection' }], text: '10 ML Furosemide 10 MG/ML Injection' },
        subject: patient,
        context: { reference: 'urn:uuid:syn-icu-encounter' },
        effectiveDateTime: '2021-02-01T09:00:00-05:00',
      },
      request: { method: 'POST', url: 'MedicationAdministration' },
    },
    {
      fullUrl: 'urn:uuid:syn-ma-3',
      resource: {
        resourceType: 'MedicationAdministration',
        id: 'syn-ma-3',
        status: 'not-done',
        statusReason: [{ text: 'Patient refused' }],
        medicationCodeableConcept: { coding: [{ system: RXNORM, code: '314076', display: 'lisinopril 10 MG Oral Tablet' }], text: 'lisinopril 10 MG Oral Tablet' },
        subject: patient,
        effectiveDateTime: '2021-02-02T08:00:00-05:00',
      },
      request: { method: 'POST', url: 'MedicationAdministration' },
    },
  ],
};

/** One MedicationRequest as Synthea 3.x writes it. */
function synthea(
  id: string,
  { status, medication, authoredOn, reason, dosage }: { status: string; medication: [string, string]; authoredOn: string; reason?: string; dosage: object },
) {
  return {
    fullUrl: `urn:uuid:${id}`,
    resource: {
      resourceType: 'MedicationRequest',
      id,
      meta: { profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-medicationrequest'] },
      status,
      intent: 'order',
      category: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/medicationrequest-category', code: 'community', display: 'Community' }], text: 'Community' },
      ],
      medicationCodeableConcept: { coding: [{ system: RXNORM, code: medication[0], display: medication[1] }], text: medication[1] },
      subject: patient,
      encounter: { reference: 'urn:uuid:syn-encounter' },
      authoredOn,
      requester: { reference: 'Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|9999977597', display: 'Dr. Willard Hane' },
      ...(reason ? { reasonReference: [{ reference: reason }] } : {}),
      dosageInstruction: [{ sequence: 1, ...dosage }],
    },
    request: { method: 'POST', url: 'MedicationRequest' },
  };
}

/**
 * What Epic's patient-access API gives (a searchset of MedicationRequest with their Medication): the medication a
 * reference to a Medication of the Bundle or a contained one, the dosage as words with a timing, a patient
 * instruction, the route, refills; and a prescription whose dosage is words alone.
 */
export const epicMedications = {
  resourceType: 'Bundle',
  type: 'searchset',
  total: 3,
  entry: [
    {
      fullUrl: 'https://fhir.epic.example/api/FHIR/R4/Practitioner/eFamMed',
      resource: { resourceType: 'Practitioner', id: 'eFamMed', name: [{ use: 'usual', text: 'Physician Family Medicine, MD', family: 'Medicine', given: ['Physician', 'Family'] }] },
      search: { mode: 'include' },
    },
    {
      fullUrl: 'https://fhir.epic.example/api/FHIR/R4/MedicationRequest/eRx1',
      resource: {
        resourceType: 'MedicationRequest',
        id: 'eRx1',
        status: 'active',
        intent: 'order',
        category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/medicationrequest-category', code: 'community', display: 'Community' }], text: 'Community' }],
        medicationReference: { reference: 'Medication/eMedAtorva', display: 'atorvastatin (LIPITOR) 20 MG tablet' },
        subject: { reference: 'Patient/ePatient', display: 'Lee, Samantha' },
        authoredOn: '2023-04-18',
        requester: { reference: 'Practitioner/eFamMed', type: 'Practitioner', display: 'Physician Family Medicine, MD' },
        reasonCode: [{ coding: [{ system: 'http://snomed.info/sct', code: '55822004', display: 'Hyperlipidemia' }], text: 'High cholesterol' }],
        courseOfTherapyType: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/medicationrequest-course-of-therapy', code: 'continuous' }], text: 'Continuous' },
        dosageInstruction: [
          {
            text: 'Take 1 tablet (20 mg total) by mouth nightly.',
            patientInstruction: 'Take 1 tablet (20 mg total) by mouth nightly.',
            timing: { repeat: { boundsPeriod: { start: '2023-04-18' }, timeOfDay: ['21:00:00'] }, code: { text: 'Nightly' } },
            asNeededBoolean: false,
            route: { coding: [{ system: 'urn:oid:1.2.840.114350.1.13.0.1.7.4.698288.330', code: '15', display: 'Oral' }], text: 'Oral' },
            method: { text: 'Take' },
            doseAndRate: [
              {
                type: { coding: [{ system: 'http://epic.com/CodeSystem/dose-rate-type', code: 'admin-amount', display: 'admin-amount' }], text: 'admin-amount' },
                doseQuantity: { value: 1, unit: 'tablet', system: 'http://unitsofmeasure.org', code: '{tbl}' },
              },
            ],
          },
        ],
        dispenseRequest: { validityPeriod: { start: '2023-04-18' }, numberOfRepeatsAllowed: 3, quantity: { value: 90, unit: 'tablet' } },
      },
      search: { mode: 'match' },
    },
    {
      fullUrl: 'https://fhir.epic.example/api/FHIR/R4/Medication/eMedAtorva',
      resource: {
        resourceType: 'Medication',
        id: 'eMedAtorva',
        code: { coding: [{ system: RXNORM, code: '617310', display: 'atorvastatin 20 MG Oral Tablet' }], text: 'atorvastatin (LIPITOR) 20 MG tablet' },
        form: { coding: [{ system: 'urn:oid:1.2.840.114350.1.13.0.1.7.4.698288.310', code: '11', display: 'tablet' }], text: 'tablet' },
      },
      search: { mode: 'include' },
    },
    {
      fullUrl: 'https://fhir.epic.example/api/FHIR/R4/MedicationRequest/eRx2',
      resource: {
        resourceType: 'MedicationRequest',
        id: 'eRx2',
        contained: [{ resourceType: 'Medication', id: 'med2', code: { text: 'albuterol 90 mcg/actuation inhaler' }, form: { text: 'Inhaler' } }],
        status: 'active',
        intent: 'order',
        medicationReference: { reference: '#med2', display: 'albuterol 90 mcg/actuation inhaler' },
        subject: { reference: 'Patient/ePatient' },
        authoredOn: '2022-09-01',
        requester: { reference: 'Practitioner/eFamMed', display: 'Physician Family Medicine, MD' },
        dosageInstruction: [
          {
            text: 'Inhale 2 puffs every 4 hours as needed for wheezing.',
            asNeededBoolean: true,
            route: { text: 'Inhalation' },
            doseAndRate: [{ doseQuantity: { value: 2, unit: 'puff', system: 'http://unitsofmeasure.org', code: '{puff}' } }],
          },
        ],
      },
      search: { mode: 'match' },
    },
    {
      fullUrl: 'https://fhir.epic.example/api/FHIR/R4/MedicationRequest/eRx3',
      resource: {
        resourceType: 'MedicationRequest',
        id: 'eRx3',
        status: 'active',
        intent: 'order',
        medicationReference: { reference: 'Medication/eMedLevo', display: 'levothyroxine (SYNTHROID) 50 MCG tablet' },
        subject: { reference: 'Patient/ePatient' },
        authoredOn: '2021-06-02',
        dosageInstruction: [{ text: 'Take 1 tablet by mouth daily' }],
      },
      search: { mode: 'match' },
    },
    {
      fullUrl: 'https://fhir.epic.example/api/FHIR/R4/Medication/eMedLevo',
      resource: { resourceType: 'Medication', id: 'eMedLevo', code: { text: 'levothyroxine (SYNTHROID) 50 MCG tablet' } },
      search: { mode: 'include' },
    },
    {
      fullUrl: 'https://fhir.epic.example/api/FHIR/R4/Medication/eMedUnused',
      resource: { resourceType: 'Medication', id: 'eMedUnused', code: { text: 'cetirizine 10 MG tablet' } },
      search: { mode: 'include' },
    },
  ],
};

/**
 * An International Patient Summary's medications (after the IPS implementation guide's examples): a statement of a
 * Medication by SNOMED CT with a dosage of a count a day, one of a concept with a date, and one entered in error.
 */
export const ipsMedications = {
  resourceType: 'Bundle',
  type: 'document',
  entry: [
    {
      fullUrl: 'urn:uuid:ips-ms-1',
      resource: {
        resourceType: 'MedicationStatement',
        id: 'ips-ms-1',
        status: 'active',
        medicationReference: { reference: 'urn:uuid:ips-med-1' },
        subject: { reference: 'urn:uuid:ips-patient' },
        effectivePeriod: { start: '2015-03' },
        dosage: [
          {
            timing: { repeat: { count: 1, periodUnit: 'd' } },
            route: { coding: [{ system: 'http://standardterms.edqm.eu', code: '20053000', display: 'Oral use' }] },
            doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet', system: 'http://unitsofmeasure.org', code: '1' } }],
          },
        ],
      },
    },
    {
      fullUrl: 'urn:uuid:ips-med-1',
      resource: {
        resourceType: 'Medication',
        id: 'ips-med-1',
        code: { coding: [{ system: 'http://snomed.info/sct', code: '108774000', display: 'Product containing anastrozole (medicinal product)' }] },
      },
    },
    {
      fullUrl: 'urn:uuid:ips-ms-2',
      resource: {
        resourceType: 'MedicationStatement',
        id: 'ips-ms-2',
        status: 'completed',
        medicationCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: '412588001', display: 'Cimetidine 200 mg tablet' }] },
        subject: { reference: 'urn:uuid:ips-patient' },
        effectiveDateTime: '2016-01-04',
        dateAsserted: '2016-02-01',
      },
    },
    {
      fullUrl: 'urn:uuid:ips-ms-3',
      resource: {
        resourceType: 'MedicationStatement',
        id: 'ips-ms-3',
        status: 'entered-in-error',
        medicationCodeableConcept: { text: 'Warfarin 5 mg tablet' },
        subject: { reference: 'urn:uuid:ips-patient' },
      },
    },
  ],
};

// The health lists (issue 34).

const SNOMED = CODE_SYSTEMS.snomed;
const CVX = CODE_SYSTEMS.cvx;
const ICD10 = CODE_SYSTEMS.icd10;
const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const ALLERGY_CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const snomed = (code: string, display: string) => [{ system: SNOMED, code, display }];

/**
 * Beside the demo's lists (five coded conditions, two allergies, two vaccines): seven coded allergies in all, of every
 * type, criticality and status, with reactions of every severity; conditions of every status, one current after an
 * end (a relapse) and one the patient typed; vaccines with every field, and one without a code.
 */
export async function addHealthListsOfEveryKind(db: Database, userId: number) {
  await createAllergy(db, userId, {
    substance: 'Peanuts',
    codes: [...snomed('91935009', 'Allergy to peanut'), { system: ICD10, code: 'Z91.010', display: 'Allergy to peanuts' }],
    type: 'allergy',
    criticality: 'high',
    reactions: [
      { manifestation: 'Anaphylaxis', severity: 'severe' },
      { manifestation: 'Hives', severity: null },
    ],
    note: 'Carries an epinephrine auto-injector',
  });
  await createAllergy(db, userId, { substance: 'Lactose', codes: snomed('782415009', 'Intolerance to lactose'), type: 'intolerance', criticality: 'low' });
  await createAllergy(db, userId, { substance: 'Latex', codes: snomed('300916003', 'Latex allergy'), criticality: 'unable-to-assess', status: 'inactive' });
  await createAllergy(db, userId, { substance: 'Shellfish', codes: snomed('300913006', 'Shellfish allergy'), status: 'resolved', reactions: [{ manifestation: 'Swollen lips', severity: 'mild' }] });
  await createAllergy(db, userId, { substance: 'Bee venom', codes: snomed('424213003', 'Allergy to bee venom'), reactions: [{ manifestation: 'Swelling', severity: 'moderate' }] });

  await createCondition(db, userId, { name: 'Migraine', clinicalStatus: 'relapse', onsetDate: '2012-05-01', abatementDate: '2019-01-01', codes: snomed('37796009', 'Migraine') });
  await createCondition(db, userId, { name: 'Gout', clinicalStatus: 'remission', onsetDate: '2020-02-10', codes: snomed('90560007', 'Gout') });
  await createCondition(db, userId, { name: 'Eczema', clinicalStatus: 'inactive', abatementDate: '2015-06-30', note: 'Childhood only' });
  await createCondition(db, userId, { name: 'Back pain', clinicalStatus: 'recurrence' });

  await createImmunization(db, userId, {
    vaccine: 'COVID-19 vaccine',
    codes: [{ system: CVX, code: '208', display: 'COVID-19, mRNA, LNP-S, PF, 30 mcg/0.3 mL dose' }],
    date: '2021-04-12',
    doseNumber: 2,
    lotNumber: 'EW0182',
    site: 'Right arm',
    performer: 'County Health Department',
    note: 'Sore arm for a day',
  });
  await createImmunization(db, userId, { vaccine: 'Yellow fever', date: '2018-09-03' });
}

type Json = Record<string, unknown>;

/** An entry as Synthea writes it: under a urn:uuid fullUrl, with the request of its transaction. */
function syntheaEntry(resource: Json & { resourceType: string; id: string }) {
  return { fullUrl: `urn:uuid:${resource.id}`, resource, request: { method: 'POST', url: resource.resourceType } };
}

const coded = (system: string, code: string, display: string) => ({ coding: [{ system, code, display }], text: display });

/** A Condition as Synthea writes it (3.x adds the US Core profile and the encounter-diagnosis category). */
export function syntheaCondition(
  id: string,
  { code, display, status, onset, abatement, profile = true }: { code: string; display: string; status?: string; onset: string; abatement?: string; profile?: boolean },
) {
  return syntheaEntry({
    resourceType: 'Condition',
    id,
    ...(profile ? { meta: { profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-condition-encounter-diagnosis'] } } : {}),
    ...(status ? { clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: status }] } } : {}),
    verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }] },
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'encounter-diagnosis', display: 'Encounter Diagnosis' }] }],
    code: coded(SNOMED, code, display),
    subject: { reference: 'urn:uuid:syn-patient' },
    encounter: { reference: 'urn:uuid:syn-encounter' },
    onsetDateTime: onset,
    ...(abatement ? { abatementDateTime: abatement } : {}),
    recordedDate: onset,
  });
}

/** An Immunization as Synthea writes it: a CVX code, the day, the clinic as a conditional reference. */
export function syntheaImmunization(id: string, [code, display]: [string, string], occurrence: string) {
  return syntheaEntry({
    resourceType: 'Immunization',
    id,
    meta: { profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-immunization'] },
    status: 'completed',
    vaccineCode: coded(CVX, code, display),
    patient: { reference: 'urn:uuid:syn-patient' },
    encounter: { reference: 'urn:uuid:syn-encounter' },
    occurrenceDateTime: occurrence,
    primarySource: true,
    location: { reference: 'Location?identifier=https://github.com/synthetichealth/synthea|loc-1', display: 'SPRINGFIELD COMMUNITY CLINIC' },
  });
}

/**
 * A Synthea 3.x patient of the COVID-19 module: the nine conditions of an episode that ended in March 2020 (resolved,
 * each with its abatement), two current ones; the flu vaccine (CVX 140) twice and a Tdap (CVX 115); an allergy of
 * high criticality with two reactions, and one without. A transaction, as Synthea writes it.
 */
export function syntheaCovid19() {
  const episode: Array<[string, string]> = [
    ['840544004', 'Suspected COVID-19'],
    ['840539006', 'COVID-19'],
    ['386661006', 'Fever (finding)'],
    ['49727002', 'Cough (finding)'],
    ['84229001', 'Fatigue (finding)'],
    ['36955009', 'Loss of taste (finding)'],
    ['68962001', 'Muscle pain (finding)'],
    ['25064002', 'Headache (finding)'],
    ['267036007', 'Dyspnea (finding)'],
  ];
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      syntheaEntry({
        resourceType: 'Patient',
        id: 'syn-patient',
        identifier: [{ system: 'https://github.com/synthetichealth/synthea', value: 'syn-patient' }],
        name: [{ use: 'official', family: 'Kuhn', given: ['Darnell'], prefix: ['Mr.'] }],
        gender: 'male',
        birthDate: '1961-07-14',
      }),
      ...episode.map(([code, display], n) =>
        syntheaCondition(`syn-covid-${n}`, { code, display, status: 'resolved', onset: '2020-03-02T10:15:00-05:00', abatement: '2020-03-22T11:00:00-04:00' }),
      ),
      syntheaCondition('syn-hypertension', { code: '59621000', display: 'Essential hypertension (disorder)', status: 'active', onset: '2018-03-12T09:30:00-04:00' }),
      syntheaCondition('syn-prediabetes', { code: '15777000', display: 'Prediabetes', status: 'active', onset: '2016-07-11T09:30:00-04:00' }),
      syntheaImmunization('syn-flu-2019', ['140', 'Influenza, seasonal, injectable, preservative free'], '2019-10-07T09:30:00-04:00'),
      syntheaImmunization('syn-flu-2020', ['140', 'Influenza, seasonal, injectable, preservative free'], '2020-10-12T09:30:00-04:00'),
      syntheaImmunization('syn-tdap', ['115', 'Tdap'], '2015-04-20T09:30:00-04:00'),
      syntheaEntry({
        resourceType: 'AllergyIntolerance',
        id: 'syn-allergy-peanut',
        meta: { profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-allergyintolerance'] },
        clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL, code: 'active' }] },
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', code: 'confirmed' }] },
        type: 'allergy',
        category: ['food'],
        criticality: 'high',
        code: coded(SNOMED, '91935009', 'Allergy to peanut'),
        patient: { reference: 'urn:uuid:syn-patient' },
        recordedDate: '1975-01-15T09:30:00-05:00',
        reaction: [
          { manifestation: [coded(SNOMED, '39579001', 'Anaphylaxis (disorder)')], severity: 'severe' },
          { manifestation: [coded(SNOMED, '247472004', 'Wheal (finding)')], severity: 'moderate' },
        ],
      }),
      syntheaEntry({
        resourceType: 'AllergyIntolerance',
        id: 'syn-allergy-dander',
        clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL, code: 'active' }] },
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', code: 'confirmed' }] },
        type: 'allergy',
        category: ['environment'],
        criticality: 'low',
        code: coded(SNOMED, '232350006', 'House dust mite allergy'),
        patient: { reference: 'urn:uuid:syn-patient' },
        recordedDate: '1975-01-15T09:30:00-05:00',
      }),
    ],
  };
}

/**
 * A Synthea 2.x patient (smart-on-fhir's generated sample data): no profiles; a bronchitis whose abatement is its only
 * sign of having ended (no clinical status); an allergy without reactions; a Td (CVX 113) and a pneumococcal vaccine.
 */
export function synthea2Record() {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      syntheaEntry({ resourceType: 'Patient', id: 'syn-patient', name: [{ use: 'official', family: 'Kuhn', given: ['Darnell'] }], gender: 'male', birthDate: '1961-07-14' }),
      syntheaCondition('syn2-bronchitis', { code: '10509002', display: 'Acute bronchitis (disorder)', onset: '2011-02-14T07:12:00-05:00', abatement: '2011-02-28T07:12:00-05:00', profile: false }),
      syntheaCondition('syn2-sinusitis', { code: '40055000', display: 'Chronic sinusitis (disorder)', status: 'active', onset: '2002-05-20T07:12:00-04:00', profile: false }),
      syntheaEntry({
        resourceType: 'AllergyIntolerance',
        id: 'syn2-allergy',
        clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL, code: 'active' }] },
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', code: 'confirmed' }] },
        type: 'allergy',
        category: ['food'],
        criticality: 'low',
        code: coded(SNOMED, '300913006', 'Shellfish allergy'),
        patient: { reference: 'urn:uuid:syn-patient' },
        assertedDate: '1965-03-01T07:12:00-05:00',
      }),
      syntheaImmunization('syn2-td', ['113', 'Td (adult) preservative free'], '2015-08-03T07:12:00-04:00'),
      syntheaImmunization('syn2-pneumo', ['133', 'Pneumococcal conjugate PCV 13'], '2016-08-08T07:12:00-04:00'),
    ],
  };
}

/**
 * An International Patient Summary (after the IPS implementation guide's examples): a document whose Composition
 * comes first; an allergy to penicillins of high criticality with a reaction, and a "no known food allergies" entry;
 * a condition coded in SNOMED CT and ICD-10 with a year for onset, and one entered in error; a vaccine coded in SNOMED
 * CT with its dose number as a string, lot, site and performer; and one not given.
 */
export function ipsHealthLists() {
  const patient = { reference: 'urn:uuid:ips-patient' };
  const entry = (id: string, resource: Json) => ({ fullUrl: `urn:uuid:${id}`, resource: { id, ...resource } });
  return {
    resourceType: 'Bundle',
    type: 'document',
    identifier: { system: 'urn:oid:2.16.724.4.8.10.200.10', value: '28b95815-76ce-457b-b7ae-a972e527db40' },
    timestamp: '2020-12-11T14:30:00+01:00',
    entry: [
      entry('ips-composition', {
        resourceType: 'Composition',
        status: 'final',
        type: coded('http://loinc.org', '60591-5', 'Patient summary Document'),
        subject: patient,
        date: '2020-12-11T14:30:00+01:00',
        title: 'Patient Summary as of December 11, 2020 14:30',
        section: [
          { title: 'Allergies and Intolerances', code: coded('http://loinc.org', '48765-2', 'Allergies and adverse reactions Document'), entry: [{ reference: 'urn:uuid:ips-allergy' }] },
        ],
      }),
      entry('ips-patient', { resourceType: 'Patient', name: [{ family: 'DeLarosa', given: ['Martha'] }], gender: 'female', birthDate: '1972-05-01' }),
      entry('ips-allergy', {
        resourceType: 'AllergyIntolerance',
        clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL, code: 'active' }] },
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', code: 'confirmed' }] },
        type: 'allergy',
        category: ['medication'],
        criticality: 'high',
        code: { coding: [{ system: SNOMED, code: '373270004', display: 'Substance with penicillin structure and antibacterial mechanism of action (substance)' }] },
        patient,
        onsetDateTime: '2010',
        reaction: [{ manifestation: [{ coding: [{ system: SNOMED, code: '271807003', display: 'Eruption of skin (disorder)' }] }], severity: 'moderate' }],
      }),
      entry('ips-no-food-allergy', {
        resourceType: 'AllergyIntolerance',
        clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL, code: 'active' }] },
        code: { coding: [{ system: 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips', code: 'no-known-food-allergies', display: 'No known food allergies' }] },
        patient,
      }),
      entry('ips-condition', {
        resourceType: 'Condition',
        clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: 'active' }] },
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }] },
        category: [{ coding: [{ system: 'http://loinc.org', code: '75326-9', display: 'Problem' }] }],
        severity: { coding: [{ system: 'http://loinc.org', code: 'LA6751-7', display: 'Moderate' }] },
        code: {
          coding: [
            { system: SNOMED, code: '198436008', display: 'Menopausal flushing (finding)' },
            { system: ICD10, code: 'N95.1', display: 'Menopausal and female climacteric states' },
          ],
        },
        subject: patient,
        onsetDateTime: '2015',
      }),
      entry('ips-condition-error', {
        resourceType: 'Condition',
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'entered-in-error' }] },
        code: { text: 'Asthma' },
        subject: patient,
      }),
      entry('ips-immunization', {
        resourceType: 'Immunization',
        status: 'completed',
        vaccineCode: { coding: [{ system: SNOMED, code: '871875004', display: 'Pneumococcal vaccine' }] },
        patient,
        occurrenceDateTime: '2019-11-06',
        lotNumber: 'AB1234',
        site: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActSite', code: 'LA', display: 'left arm' }] },
        performer: [
          { function: coded('http://terminology.hl7.org/CodeSystem/v2-0443', 'OP', 'Ordering Provider'), actor: { display: 'Dr. Anna Koch' } },
          { function: coded('http://terminology.hl7.org/CodeSystem/v2-0443', 'AP', 'Administering Provider'), actor: { reference: 'urn:uuid:ips-nurse', display: 'Nurse Ben Ortiz' } },
        ],
        protocolApplied: [{ targetDisease: [coded(SNOMED, '16814004', 'Pneumococcal infectious disease')], doseNumberString: '2' }],
      }),
      entry('ips-immunization-not-done', {
        resourceType: 'Immunization',
        status: 'not-done',
        statusReason: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'PATOBJ', display: 'patient objection' }] },
        vaccineCode: { coding: [{ system: CVX, code: '187', display: 'Zoster recombinant' }] },
        patient,
        occurrenceDateTime: '2020-10-01',
      }),
    ],
  };
}

// Vitals and lab results (issue 35): Observations as Synthea R4 writes them.

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const SYNTHEA_CATEGORY_DISPLAY = { 'vital-signs': 'Vital signs', laboratory: 'Laboratory', 'social-history': 'Social history', survey: 'Survey' } as const;
type SyntheaCategory = keyof typeof SYNTHEA_CATEGORY_DISPLAY;

/** A quantity as Synthea writes one: the UCUM code as the unit too. */
export const syntheaQuantity = (value: number, code: string) => ({ value, unit: code, system: UCUM, code });

/** A UUID made from words, the same each time: Synthea names every resource by a UUID, its fullUrl a urn:uuid. */
function syntheaUuid(words: string): string {
  let [a, b] = [0x811c9dc5, 0x01000193];
  for (const character of words) {
    a = Math.imul(a ^ character.charCodeAt(0), 0x01000193) >>> 0;
    b = Math.imul(b ^ character.charCodeAt(0), 0x811c9dc5) >>> 0;
  }
  const hex = (value: number) => value.toString(16).padStart(8, '0');
  return `${hex(a)}-${hex(b).slice(0, 4)}-4${hex(b).slice(5, 8)}-8${hex(a ^ b).slice(1, 4)}-${hex(Math.imul(a, 31) >>> 0)}${hex(b).slice(0, 4)}`;
}

/** What an Observation of Synthea holds beside its code: its value, blood pressure's components, or a panel's members. */
type SyntheaValue =
  | { valueQuantity: ReturnType<typeof syntheaQuantity> }
  | { valueCodeableConcept: ReturnType<typeof coded> }
  | { component: Array<{ code: ReturnType<typeof coded>; valueQuantity: ReturnType<typeof syntheaQuantity> }> }
  | { hasMember: Array<{ reference: string }> };

/**
 * An Observation as Synthea R4 writes it: a UUID, the category's coding (FHIR's system, Synthea's display), the LOINC
 * code with its display as the text too, the patient and the encounter as urn:uuid references, the time with its
 * offset, and `issued` to the millisecond; US Core's lab profile on a result, FHIR's vital-signs profile on a vital sign.
 */
export function syntheaObservation(
  id: string,
  { category, code, display, effective, encounter, value }: { category: SyntheaCategory; code: string; display: string; effective: string; encounter: string; value: SyntheaValue },
) {
  const profile =
    category === 'laboratory' ? ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-observation-lab']
    : category === 'vital-signs' ? ['http://hl7.org/fhir/StructureDefinition/vitalsigns']
    : undefined;
  return syntheaEntry({
    resourceType: 'Observation',
    id,
    ...(profile ? { meta: { profile } } : {}),
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: category, display: SYNTHEA_CATEGORY_DISPLAY[category] }] }],
    code: coded(LOINC, code, display),
    subject: { reference: 'urn:uuid:syn-patient' },
    encounter: { reference: `urn:uuid:${encounter}` },
    effectiveDateTime: effective,
    issued: effective.replace(/(:\d{2})([+-]\d{2}:\d{2})$/, '$1.417$2'),
    ...value,
  });
}

/** Blood pressure as Synthea writes it: the panel 85354-9, the diastolic component first. */
export function syntheaBloodPressure(id: string, systolic: number, diastolic: number, effective: string, encounter: string) {
  return syntheaObservation(id, {
    category: 'vital-signs',
    code: '85354-9',
    display: 'Blood pressure panel with all children optional',
    effective,
    encounter,
    value: {
      component: [
        { code: coded(LOINC, '8462-4', 'Diastolic Blood Pressure'), valueQuantity: syntheaQuantity(diastolic, 'mm[Hg]') },
        { code: coded(LOINC, '8480-6', 'Systolic Blood Pressure'), valueQuantity: syntheaQuantity(systolic, 'mm[Hg]') },
      ],
    },
  });
}

/** One year's numbers of a patient whose values drift a little each year, as Synthea's do. */
type Lab = [code: string, display: string, value: number, unit: string];
const lipidPanel = (year: number): Lab[] => [
  ['2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma', 182 + year, 'mg/dL'],
  ['2571-8', 'Triglycerides', 121.4 + 2 * year, 'mg/dL'],
  ['18262-6', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by Direct assay', 104.2 + year, 'mg/dL'],
  ['2085-9', 'Cholesterol in HDL [Mass/volume] in Serum or Plasma', 54.1, 'mg/dL'],
];
const bloodCount = (year: number): Lab[] => [
  ['6690-2', 'Leukocytes [#/volume] in Blood by Automated count', 6.8 + year / 10, '10*3/uL'],
  ['789-8', 'Erythrocytes [#/volume] in Blood by Automated count', 4.9, '10*6/uL'],
  ['718-7', 'Hemoglobin [Mass/volume] in Blood', 14.6, 'g/dL'],
  ['4544-3', 'Hematocrit [Volume Fraction] of Blood by Automated count', 43.2, '%'],
  ['787-2', 'MCV [Entitic volume] by Automated count', 88.1, 'fL'],
  ['785-6', 'MCH [Entitic mass] by Automated count', 29.8, 'pg'],
  ['786-4', 'MCHC [Mass/volume] by Automated count', 33.9, 'g/dL'],
  ['21000-5', 'Erythrocyte distribution width [Entitic volume] by Automated count', 42.5, 'fL'],
  ['777-3', 'Platelets [#/volume] in Blood by Automated count', 251 + year, '10*3/uL'],
  ['32207-3', 'Platelet distribution width [Entitic volume] in Blood by Automated count', 12.1, 'fL'],
  ['32623-1', 'Platelet mean volume [Entitic volume] in Blood by Automated count', 10.4, 'fL'],
];
/** Synthea's metabolic panel names its tests in blood (2339-0, 6299-2, …), the table's `sameAs` codes. */
const metabolicPanel = (year: number): Lab[] => [
  ['2339-0', 'Glucose [Mass/volume] in Blood', 92 + year, 'mg/dL'],
  ['6299-2', 'Urea Nitrogen', 14.2, 'mg/dL'],
  ['38483-4', 'Creatinine', 0.94, 'mg/dL'],
  ['49765-1', 'Calcium', 9.6, 'mg/dL'],
  ['2947-0', 'Sodium', 140, 'mmol/L'],
  ['6298-4', 'Potassium', 4.3, 'mmol/L'],
  ['2069-3', 'Chloride', 103, 'mmol/L'],
  ['20565-8', 'Carbon Dioxide', 25.1, 'mmol/L'],
  ['33914-3', 'Glomerular filtration rate/1.73 sq M.predicted', 88.4 - year, 'mL/min/{1.73_m2}'],
  ['2885-2', 'Protein [Mass/volume] in Serum or Plasma', 7.1, 'g/dL'],
  ['1751-7', 'Albumin [Mass/volume] in Serum or Plasma', 4.4, 'g/dL'],
  ['1975-2', 'Bilirubin.total [Mass/volume] in Serum or Plasma', 0.7, 'mg/dL'],
  ['6768-6', 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma', 71, 'U/L'],
  ['1742-6', 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma', 22, 'U/L'],
  ['1920-8', 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma', 24, 'U/L'],
];

/** Each year's wellness visit: what syntheaWellnessYears writes, per year. */
export const SYNTHEA_WELLNESS_YEAR = {
  /** Height, weight, BMI, blood pressure, heart rate, respiratory rate, pain: a reading each. */
  vitals: 7,
  /** Four of the lipid panel, eleven of the CBC, fifteen of the metabolic panel, and the A1c: a reading each. */
  labs: 31,
  /** Tobacco smoking status (social history), the PHQ-2 (a survey), the BMI percentile (a code no measure has). */
  notReadings: 3,
  /** The lipid panel and the CBC as Observations with members. */
  panels: 2,
} as const;

/**
 * A Synthea 3.x patient of `years` yearly wellness visits, from `firstYear` on, each an Encounter and its
 * Observations: the vitals (height, weight, BMI, blood pressure as its panel, heart and respiratory rate, pain), the
 * tobacco smoking status (social history, a concept), the PHQ-2 (a survey), the BMI percentile (59576-9, no measure of
 * the table); and the labs: a lipid panel and a CBC (each a panel Observation whose members are the results, as
 * Synthea's DiagnosticReport also names them), a metabolic panel (a DiagnosticReport only) and the A1c, whose display
 * carries a zero-width space as one of Synthea's does. Times on the clock of New York, with its offset.
 */
export function syntheaWellnessYears(years: number, firstYear = 2014) {
  const entries: Array<ReturnType<typeof syntheaEntry>> = [
    syntheaEntry({
      resourceType: 'Patient',
      id: 'syn-patient',
      identifier: [{ system: 'https://github.com/synthetichealth/synthea', value: 'syn-patient' }],
      name: [{ use: 'official', family: 'Kuhn', given: ['Darnell'], prefix: ['Mr.'] }],
      gender: 'male',
      birthDate: '1961-07-14',
    }),
  ];
  for (let year = 0; year < years; year++) {
    const calendarYear = firstYear + year;
    const visit = syntheaUuid(`encounter ${calendarYear}`);
    const effective = `${calendarYear}-03-${String(10 + (year % 15)).padStart(2, '0')}T09:${String(10 + year).padStart(2, '0')}:27-04:00`;
    const id = (what: string) => syntheaUuid(`${calendarYear} ${what}`);
    const observation = (what: string, category: SyntheaCategory, code: string, display: string, value: SyntheaValue) =>
      syntheaObservation(id(what), { category, code, display, effective, encounter: visit, value });
    const vital = (code: string, display: string, value: number, unit: string) => observation(code, 'vital-signs', code, display, { valueQuantity: syntheaQuantity(value, unit) });
    const lab = ([code, display, value, unit]: Lab) => observation(code, 'laboratory', code, display, { valueQuantity: syntheaQuantity(value, unit) });
    const panel = (code: string, display: string, members: Array<ReturnType<typeof lab>>) =>
      observation(code, 'laboratory', code, display, { hasMember: members.map((member) => ({ reference: member.fullUrl })) });
    const weight = 80 + year / 2;
    const [lipids, count, metabolic] = [lipidPanel(year).map(lab), bloodCount(year).map(lab), metabolicPanel(year).map(lab)];
    const metabolicDisplays = metabolicPanel(year).map(([, display]) => display);
    entries.push(
      syntheaEntry({
        resourceType: 'Encounter',
        id: visit,
        status: 'finished',
        class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
        type: [coded(SNOMED, '162673000', 'General examination of patient (procedure)')],
        subject: { reference: 'urn:uuid:syn-patient' },
        period: { start: effective, end: effective.replace(/T09:/, 'T09:4') },
      }),
      vital('8302-2', 'Body Height', 175.3, 'cm'),
      observation('72514-3', 'vital-signs', '72514-3', 'Pain severity - 0-10 verbal numeric rating [Score] - Reported', { valueQuantity: syntheaQuantity(year % 4, '{score}') }),
      vital('29463-7', 'Body Weight', weight, 'kg'),
      vital('39156-5', 'Body mass index (BMI) [Ratio]', Number((weight / 1.753 ** 2).toFixed(2)), 'kg/m2'),
      vital('59576-9', 'Body mass index (BMI) [Percentile] Per age and sex', 61.5, '%'),
      syntheaBloodPressure(id('85354-9'), 118 + year, 76 + (year % 5), effective, visit),
      vital('8867-4', 'Heart rate', 68 + (year % 7), '/min'),
      vital('9279-1', 'Respiratory rate', 14 + (year % 3), '/min'),
      observation('72166-2', 'social-history', '72166-2', 'Tobacco smoking status', { valueCodeableConcept: coded(SNOMED, '266919005', 'Never smoked tobacco (finding)') }),
      observation('55758-7', 'survey', '55758-7', 'Patient Health Questionnaire 2 item (PHQ-2) total score [Reported]', { valueQuantity: syntheaQuantity(year % 2, '{score}') }),
      panel('57698-3', 'Lipid panel with direct LDL - Serum or Plasma', lipids),
      ...lipids,
      panel('58410-2', 'Complete blood count (hemogram) panel - Blood by Automated count', count),
      ...count,
      ...metabolic,
      syntheaEntry({
        resourceType: 'DiagnosticReport',
        id: id('24323-8'),
        status: 'final',
        category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] }],
        code: coded(LOINC, '24323-8', 'Comprehensive metabolic 2000 panel - Serum or Plasma'),
        subject: { reference: 'urn:uuid:syn-patient' },
        encounter: { reference: `urn:uuid:${visit}` },
        effectiveDateTime: effective,
        result: metabolic.map((each, n) => ({ reference: each.fullUrl, display: metabolicDisplays[n] })),
      }),
      lab(['4548-4', 'Hemoglobin A1c/\u200BHemoglobin.total in Blood', Number((5.4 + year / 20).toFixed(2)), '%']),
    );
  }
  return { resourceType: 'Bundle', type: 'transaction', entry: entries };
}

type ReadingFields = z.output<typeof ObservationFields>;

/**
 * The patient's own readings of every kind (issue 35), written by the service as the app writes them: blood pressure
 * from a cuff with a note, a weight in pounds and a temperature in °F the patient took, a lab's eGFR above 60 and CRP
 * below 0.3 mg/dL with their ranges, a glucose in mmol/L with its range in numbers and words, a urine test in words,
 * a glucose in words only, a pain score, an oxygen saturation; and one reading that came from another record with its
 * identifiers.
 */
export async function addReadingsOfEveryKind(db: Database, userId: number) {
  const patient = { id: userId };
  const reading = (code: string, takenAt: string, value: ObservationValue, more: Partial<Omit<ReadingFields, 'code' | 'takenAt' | 'value'>> = {}) =>
    createReading(db, patient, { code, takenAt: new Date(takenAt), value, referenceRange: null, sourceName: null, note: null, medicalRecordId: null, ...more });
  const quantity = (number: number, unit: string, comparator: '<' | '>' | null = null): ObservationValue => ({ type: 'quantity', number, comparator, unit });
  await reading('85354-9', '2026-02-03T07:45:00Z', { type: 'blood-pressure', systolic: 134, diastolic: 86, unit: 'mm[Hg]' }, { source: 'device', sourceName: 'Omron M7', note: 'After coffee' });
  await reading('29463-7', '2026-02-03T07:50:00Z', quantity(171.6, '[lb_av]'), { source: 'patient', note: 'Before breakfast' });
  await reading('8310-5', '2026-02-04T21:05:00Z', quantity(100.4, '[degF]'), { source: 'patient' });
  await reading('72514-3', '2026-02-05T10:00:00Z', quantity(3, '{score}'), { source: 'provider', sourceName: 'Dr. Maria Lopez' });
  await reading('59408-5', '2026-02-05T10:01:00Z', quantity(97, '%'), { source: 'provider' });
  const lab = { source: 'lab' as const, sourceName: 'Quest Diagnostics' };
  await reading('33914-3', '2026-01-20T13:30:00Z', quantity(60, 'mL/min/{1.73_m2}', '>'), { ...lab, referenceRange: { low: 60, high: null, text: null } });
  await reading('1988-5', '2026-01-20T13:30:00Z', quantity(0.3, 'mg/dL', '<'), { ...lab, referenceRange: { low: null, high: 0.5, text: null } });
  await reading('2345-7', '2026-01-20T13:30:00Z', quantity(5.4, 'mmol/L'), { ...lab, referenceRange: { low: 3.9, high: 5.5, text: '3.9-5.5 mmol/L fasting' }, note: 'Fasting' });
  await reading('25428-4', '2026-01-20T13:30:00Z', { type: 'text', text: 'Negative' }, { ...lab, referenceRange: { low: null, high: null, text: 'Negative' } });
  await reading('2345-7', '2025-07-01T08:00:00Z', { type: 'text', text: 'see note' }, { source: 'lab', note: 'Sample hemolyzed' });
  const imported = await reading('4548-4', '2025-07-01T08:00:00Z', quantity(5.9, '%'), lab);
  await db
    .update(observations)
    .set({ identifiers: [{ system: 'https://portal.example/results', value: 'a1c-2025' }, { system: 'urn:ietf:rfc:3986', value: 'https://portal.example/fhir/Observation/a1c-2025' }] })
    .where(eq(observations.id, imported.id));
}
