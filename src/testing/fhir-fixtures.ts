import type { Database } from '../server/db/client';
import { CODE_SYSTEMS } from '../shared/rules/codes';
import { createAllergy, createCondition, createDose, createImmunization, createMedication } from './factories';

// FHIR's medications (issue 32) and health lists (issue 34) for the export and import tests: the patient's own of
// every kind, and Bundles in the shapes other records write them (Synthea 2.x and 3.x, Epic's patient-access API, the
// International Patient Summary).

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
