// `npm run bench -- fhir` (issue 34): a Synthea-shaped patient Bundle of 1,111 entries — encounters, observations,
// claims and the rest as Synthea 3.x writes them, with conditional references to its practitioners — posted to
// POST /api/import/fhir of the server as it ships, on each database: the first import into a new record, then the same
// Bundle again (which must add nothing), then a preview. Goal (issue 34): the first import ≤ 1 s on PGlite.
import { createUser } from '../src/testing/factories';
import { wipeData } from '../src/server/db/reset';
import type { BenchBackend } from './backends';
import { startServer } from './server-process';
import { median } from './stats';

export const BUNDLE_ENTRIES = 1_111;
/** Issue 34's goal for the first import, on PGlite. */
export const IMPORT_GOAL_MS = 1_000;
/** Imports of the Bundle into a new record each (the median is quoted). */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);

const SNOMED = 'http://snomed.info/sct';
const LOINC = 'http://loinc.org';
const CVX = 'http://hl7.org/fhir/sid/cvx';
const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const NPI = 'http://hl7.org/fhir/sid/us-npi';

const coded = (system: string, code: string, display: string) => ({ coding: [{ system, code, display }], text: display });
const clinical = (code: string) => ({ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code }] });

/** A day `n` days after 2005-01-01, as a FHIR dateTime with Synthea's offset. */
function dayTime(n: number): string {
  return `${new Date(Date.UTC(2005, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)}T09:30:00-05:00`;
}

/** The Bundle: one patient's twenty years, in the proportions of a Synthea 3.x export, exactly BUNDLE_ENTRIES entries. */
export function syntheaShapedBundle(): { resourceType: 'Bundle'; type: string; entry: object[] } {
  const entry: object[] = [];
  const add = (id: string, resource: Record<string, unknown>) =>
    entry.push({ fullUrl: `urn:uuid:${id}`, resource: { id, ...resource }, request: { method: 'POST', url: resource.resourceType } });
  const subject = { reference: 'urn:uuid:patient-1' };
  add('patient-1', {
    resourceType: 'Patient',
    identifier: [{ system: 'https://github.com/synthetichealth/synthea', value: 'patient-1' }],
    name: [{ use: 'official', family: 'Kuhn', given: ['Darnell'], prefix: ['Mr.'] }],
    gender: 'male',
    birthDate: '1961-07-14',
  });
  for (let n = 0; n < 4; n++) {
    add(`practitioner-${n}`, { resourceType: 'Practitioner', identifier: [{ system: NPI, value: `999999${n}` }], name: [{ family: `Doctor${n}`, given: ['Pat'], prefix: ['Dr.'] }] });
  }
  const practitioner = (n: number) => ({ reference: `Practitioner?identifier=${NPI}|999999${n % 4}` });
  const conditions = [
    ['59621000', 'Essential hypertension (disorder)', 'active'],
    ['44054006', 'Diabetes mellitus type 2 (disorder)', 'active'],
    ['10509002', 'Acute bronchitis (disorder)', 'resolved'],
    ['195662009', 'Acute viral pharyngitis (disorder)', 'resolved'],
    ['840539006', 'COVID-19 (disorder)', 'resolved'],
  ] as const;
  for (let n = 0; n < 40; n++) {
    const [code, display, status] = conditions[n % conditions.length]!;
    add(`condition-${n}`, {
      resourceType: 'Condition',
      clinicalStatus: clinical(status),
      verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }] },
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'encounter-diagnosis' }] }],
      code: coded(SNOMED, code, display),
      subject,
      onsetDateTime: dayTime(n * 150),
      ...(status === 'resolved' ? { abatementDateTime: dayTime(n * 150 + 14) } : {}),
    });
  }
  for (let n = 0; n < 3; n++) {
    add(`allergy-${n}`, {
      resourceType: 'AllergyIntolerance',
      clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }] },
      type: 'allergy',
      criticality: n === 0 ? 'high' : 'low',
      code: coded(SNOMED, ['91936005', '300916003', '256277009'][n]!, ['Allergy to penicillin', 'Latex allergy', 'Grass pollen'][n]!),
      patient: subject,
      reaction: [{ manifestation: [coded(SNOMED, '247472004', 'Wheal (finding)')], severity: 'moderate' }],
    });
  }
  for (let n = 0; n < 20; n++) {
    const [code, display] = n % 10 === 0 ? ['113', 'Td (adult) preservative free'] : ['140', 'Influenza, seasonal, injectable, preservative free'];
    add(`immunization-${n}`, { resourceType: 'Immunization', status: 'completed', vaccineCode: coded(CVX, code, display), patient: subject, occurrenceDateTime: dayTime(n * 365) });
  }
  for (let n = 0; n < 60; n++) {
    add(`medication-request-${n}`, {
      resourceType: 'MedicationRequest',
      status: n < 3 ? 'active' : 'stopped',
      intent: 'order',
      medicationCodeableConcept: coded(RXNORM, ['314076', '860975', '1870230'][n % 3]!, ['lisinopril 10 MG Oral Tablet', '24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet', 'NDA020800 0.3 ML Epinephrine 1 MG/ML Auto-Injector'][n % 3]!),
      subject,
      authoredOn: dayTime(n * 100),
      requester: practitioner(n),
      dosageInstruction: [{ sequence: 1, timing: { repeat: { frequency: 1, period: 1, periodUnit: 'd' } }, asNeededBoolean: false }],
    });
  }
  for (let n = 0; n < 60; n++) {
    add(`procedure-${n}`, {
      resourceType: 'Procedure',
      status: 'completed',
      code: n % 3 === 0 ? coded(SNOMED, '73761001', 'Colonoscopy') : coded(SNOMED, '367336001', 'Chemotherapy (procedure)'),
      subject,
      performedPeriod: { start: dayTime(n * 90), end: dayTime(n * 90) },
    });
  }
  // What HealthAssist keeps none of (yet): each is counted and named, never dropped silently.
  const rest = BUNDLE_ENTRIES - entry.length;
  for (let n = 0; n < rest; n++) {
    const kind = n % 4;
    if (kind === 0) add(`encounter-${n}`, { resourceType: 'Encounter', status: 'finished', class: { code: 'AMB' }, subject, period: { start: dayTime(n * 20) } });
    else if (kind === 1) {
      add(`observation-${n}`, { resourceType: 'Observation', status: 'final', code: coded(LOINC, '8302-2', 'Body Height'), subject, effectiveDateTime: dayTime(n * 20), valueQuantity: { value: 180, unit: 'cm' } });
    } else if (kind === 2) add(`claim-${n}`, { resourceType: 'Claim', status: 'active', patient: subject, created: dayTime(n * 20) });
    else add(`eob-${n}`, { resourceType: 'ExplanationOfBenefit', status: 'active', patient: subject, created: dayTime(n * 20) });
  }
  return { resourceType: 'Bundle', type: 'transaction', entry };
}

export interface FhirImportFigures {
  firstMs: number[];
  againMs: number[];
  previewMs: number[];
  imported: number;
  againImported: number;
}

async function post(url: string, body: string, query = ''): Promise<{ ms: number; imported: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/import/fhir${query}`, { method: 'POST', headers: { 'content-type': 'application/fhir+json' }, body });
  const answer = (await response.json()) as { results?: Array<{ imported: number }>; message?: string };
  const ms = performance.now() - started;
  if (!response.ok || !answer.results) throw new Error(`import answered ${response.status}: ${answer.message}`);
  return { ms, imported: answer.results.reduce((sum, row) => sum + row.imported, 0) };
}

/** ROUNDS rounds, each on a new record: the first import, the same Bundle again, and a preview. */
export async function benchFhirImport(backend: BenchBackend): Promise<FhirImportFigures> {
  const body = JSON.stringify(syntheaShapedBundle());
  const figures: FhirImportFigures = { firstMs: [], againMs: [], previewMs: [], imported: 0, againImported: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const database = await backend.open();
    try {
      await wipeData(database.db);
      await createUser(database.db, { id: 1, displayName: 'Darnell Kuhn', firstName: 'Darnell', lastName: 'Kuhn', dateOfBirth: '1961-07-14', onboardedAt: new Date() });
    } finally {
      await database.close();
    }
    const server = await startServer(backend.serverEnv);
    try {
      const first = await post(server.url, body);
      const again = await post(server.url, body);
      const preview = await post(server.url, body, '?preview=true');
      figures.firstMs.push(first.ms);
      figures.againMs.push(again.ms);
      figures.previewMs.push(preview.ms);
      figures.imported = first.imported;
      figures.againImported = again.imported;
    } finally {
      await server.stop();
    }
  }
  return figures;
}

export function fhirImportLines(label: string, figures: FhirImportFigures, goalMs?: number): string[] {
  const ms = (values: number[]) => `${Math.round(median(values))} ms (runs ${values.map((value) => Math.round(value)).join(', ')})`;
  const first = median(figures.firstMs);
  return [
    `  ${label}: first import ${ms(figures.firstMs)}, ${figures.imported} items added` +
      (goalMs === undefined ? '' : `; goal ≤ ${goalMs / 1000} s: ${first <= goalMs ? 'met' : 'NOT met'}`),
    `  ${label}: the same Bundle again ${ms(figures.againMs)}, ${figures.againImported} added (goal: 0)`,
    `  ${label}: a preview ${ms(figures.previewMs)}`,
  ];
}
