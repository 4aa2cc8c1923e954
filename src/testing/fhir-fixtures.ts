import type { Database } from '../server/db/client';
import { createDose, createMedication } from './factories';

// FHIR's medications (issue 32) for the export and import tests: the patient's own of every kind, and Bundles in the
// shapes other records write them (Synthea 3.x, Epic's patient-access API, the International Patient Summary).

/**
 * Beside the demo's four (daily, twice daily, at night, as needed): certain weekdays, every 8 hours (a course run to
 * its end), stopped before its end, paused; a log with a dose skipped with a reason, missed, and taken to the
 * millisecond.
 */
export async function addMedicationsOfEveryKind(db: Database, userId: number) {
  const weekly = await createMedication(db, userId, {
    name: 'Methotrexate',
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
