import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { URI_SYSTEM } from '../../shared/rules/codes';
import { dataFingerprint } from '../../testing/data-fingerprint';
import { createObservation, createUser } from '../../testing/factories';
import { SYNTHEA_WELLNESS_YEAR, syntheaBloodPressure, syntheaObservation, syntheaQuantity, syntheaWellnessYears } from '../../testing/fhir-fixtures';
import { api, useTestApp } from '../../testing/test-app';
import { wipeData } from '../db/reset';
import { observations } from '../db/schema/index';

// POST /api/import/fhir's vitals and lab results (issue 35), on both databases: a Synthea patient's Observations
// become readings, each counted as imported, already in the record, or skipped with why; values keep their units and
// a lab's '<' or '>'; blood pressure is one reading of two numbers; the same Bundle twice adds nothing.

const t = useTestApp();

type Results = Array<{ resourceType: string; imported: number; alreadyThere: number; skipped: Array<{ reason: string; count: number }> }>;

const post = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/import/fhir', headers: { 'content-type': 'application/fhir+json' }, payload: JSON.stringify(body) });

/** The import's answer for one resource type. */
async function imported(body: unknown, resourceType = 'Observation') {
  const response = await post(body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().results as Results).find((row) => row.resourceType === resourceType);
}

/** A new patient named as the Synthea fixtures name theirs (a Bundle about someone else is refused), in New York. */
async function darnell() {
  await wipeData(t.db);
  await createUser(t.db, { id: 1, displayName: 'Darnell Kuhn', email: 'darnell@example.com', onboardedAt: new Date(), timeZone: 'America/New_York' });
}

const readings = () => t.db.select().from(observations).where(eq(observations.userId, 1)).orderBy(asc(observations.takenAt), asc(observations.id));

const YEARS = 10;
const PANEL = 'a panel: its results are imported one by one';
const BMI_PERCENTILE = 'LOINC 59576-9 (Body mass index (BMI) [Percentile] Per age and sex) is not a measure HealthAssist knows';

describe('a Synthea patient’s yearly wellness visits', () => {
  it('become readings, each Observation counted: imported, or skipped with a reason the patient can read', async () => {
    await darnell();
    const first = await imported(syntheaWellnessYears(YEARS));
    const perYear = SYNTHEA_WELLNESS_YEAR.vitals + SYNTHEA_WELLNESS_YEAR.labs;
    expect(perYear).toBe(38);
    expect(first).toEqual({
      resourceType: 'Observation',
      imported: 380,
      alreadyThere: 0,
      skipped: [
        { reason: BMI_PERCENTILE, count: 10 },
        { reason: 'is social-history, not a vital sign or a lab result', count: 10 },
        { reason: 'is survey, not a vital sign or a lab result', count: 10 },
        { reason: PANEL, count: 20 },
      ],
    });

    const rows = await readings();
    expect(rows).toHaveLength(380);
    expect(rows.filter((row) => row.kind === 'vital-sign')).toHaveLength(70);
    expect(rows.filter((row) => row.kind === 'laboratory')).toHaveLength(310);
    // Each measure once a year: 38 measures, ten readings each.
    const perCode = new Map<string, number>();
    for (const row of rows) perCode.set(row.code, (perCode.get(row.code) ?? 0) + 1);
    expect(perCode.size).toBe(38);
    expect([...perCode.values()].every((count) => count === YEARS)).toBe(true);

    // Blood pressure: one reading of two numbers, from the panel's components (the diastolic first, as Synthea writes them).
    const pressures = rows.filter((row) => row.code === '85354-9');
    expect(pressures).toHaveLength(10);
    expect(pressures[0]).toMatchObject({
      kind: 'vital-sign',
      valueType: 'blood-pressure',
      value: 118,
      secondValue: 76,
      unit: 'mm[Hg]',
      chartValue: 118,
      secondChartValue: 76,
      comparator: null,
      source: 'provider',
      takenAt: new Date('2014-03-10T09:10:27-04:00'),
    });
    expect(rows.some((row) => ['8480-6', '8462-4'].includes(row.code))).toBe(false);

    // Units as Synthea gave them (UCUM), each test under the table's code: Synthea's glucose in blood (2339-0) is Glucose.
    const firstOf = (code: string) => rows.find((row) => row.code === code)!;
    expect(firstOf('2345-7')).toMatchObject({ kind: 'laboratory', valueType: 'quantity', value: 92, unit: 'mg/dL', chartValue: 92, source: 'lab', sourceName: null });
    expect(firstOf('33914-3')).toMatchObject({ value: 88.4, unit: 'mL/min/{1.73_m2}' });
    expect(firstOf('777-3')).toMatchObject({ value: 251, unit: '10*3/uL' });
    expect(firstOf('2951-2')).toMatchObject({ value: 140, unit: 'mmol/L' });
    expect(firstOf('72514-3')).toMatchObject({ kind: 'vital-sign', value: 0, unit: '{score}' });
    expect(firstOf('39156-5')).toMatchObject({ value: 26.03, unit: 'kg/m2' });
    expect(firstOf('29463-7')).toMatchObject({ value: 80, unit: 'kg', source: 'provider' });
    // The A1c, whose display carries a zero-width space, by its code.
    expect(firstOf('4548-4')).toMatchObject({ value: 5.4, unit: '%' });
    // Where each came from: its entry's fullUrl (Synthea gives an Observation no identifier).
    expect(firstOf('4548-4').identifiers).toEqual([{ system: URI_SYSTEM, value: expect.stringMatching(/^urn:uuid:[0-9a-f-]{36}$/) }]);

    // The Lab Results page reads them: 31 tests a year, newest first.
    const labs = (await api(t.app, 'GET', '/api/observations/1?kind=laboratory&limit=100')).body;
    expect(labs.items).toHaveLength(100);
    expect(labs.nextCursor).not.toBeNull();
    expect(labs.items[0]).toMatchObject({ kind: 'laboratory', takenAt: '2023-03-19T13:19:27.000Z', source: 'lab' });
    const glucose = labs.items.find((item: { code: string }) => item.code === '2345-7');
    // 101 mg/dL is above the table's usual range (Synthea sends none of its own).
    expect(glucose).toMatchObject({ name: 'Glucose', value: { type: 'quantity', number: 101, comparator: null, unit: 'mg/dL' }, flag: 'high' });
    const vitals = (await api(t.app, 'GET', '/api/observations/1?kind=vital-sign&limit=7')).body.items;
    expect(vitals.find((item: { code: string }) => item.code === '85354-9')).toMatchObject({ value: { type: 'blood-pressure', systolic: 127, diastolic: 80, unit: 'mm[Hg]' } });
  });

  it('thirty years of them (over a thousand readings, written a thousand an insert) imported again add nothing', async () => {
    await darnell();
    const skipped = (years: number) => [
      { reason: BMI_PERCENTILE, count: years },
      { reason: 'is social-history, not a vital sign or a lab result', count: years },
      { reason: 'is survey, not a vital sign or a lab result', count: years },
      { reason: PANEL, count: 2 * years },
    ];
    expect(await imported(syntheaWellnessYears(30, 1990))).toEqual({ resourceType: 'Observation', imported: 1140, alreadyThere: 0, skipped: skipped(30) });
    expect(await readings()).toHaveLength(1140);
    const before = await dataFingerprint(t.db);
    expect(await imported(syntheaWellnessYears(30, 1990))).toEqual({ resourceType: 'Observation', imported: 0, alreadyThere: 1140, skipped: skipped(30) });
    expect(await dataFingerprint(t.db)).toBe(before);

    // Two more years of the same patient: only those are added.
    expect(await imported(syntheaWellnessYears(32, 1990))).toEqual({ resourceType: 'Observation', imported: 76, alreadyThere: 1140, skipped: skipped(32) });
    expect(await readings()).toHaveLength(1216);
  });
});

/** An Observation as a lab's or a clinic's portal writes one (not Synthea): the parts each case varies. */
function entry(id: string, resource: Record<string, unknown>) {
  return {
    fullUrl: `https://portal.example/fhir/Observation/${id}`,
    resource: {
      resourceType: 'Observation',
      id,
      identifier: [{ system: 'https://portal.example/results', value: id }],
      status: 'final',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] }],
      subject: { reference: 'Patient/p1' },
      effectiveDateTime: '2025-06-02T08:15:00-04:00',
      ...resource,
    },
  };
}
const loinc = (code: string, display?: string) => ({ coding: [{ system: 'http://loinc.org', code, ...(display ? { display } : {}) }], ...(display ? { text: display } : {}) });
const vitalSigns = [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] }];

/** A portal's results of every kind HealthAssist reads, and of every kind it skips. */
function portalResults() {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    entry: [
      { fullUrl: 'https://portal.example/fhir/Patient/p1', resource: { resourceType: 'Patient', id: 'p1', name: [{ family: 'Kuhn', given: ['Darnell'] }], birthDate: '1961-07-14' } },
      // A lab's '>' and '<', with its range and its name, and a note.
      entry('egfr', {
        code: loinc('33914-3', 'Glomerular filtration rate/1.73 sq M.predicted'),
        valueQuantity: { value: 60, comparator: '>', unit: 'mL/min/1.73m2', system: 'http://unitsofmeasure.org', code: 'mL/min/{1.73_m2}' },
        referenceRange: [{ low: { value: 60, unit: 'mL/min/1.73m2', system: 'http://unitsofmeasure.org', code: 'mL/min/{1.73_m2}' } }],
        performer: [{ reference: 'Organization/quest', display: 'Quest Diagnostics' }],
        note: [{ text: 'Calculated with CKD-EPI 2021' }],
      }),
      entry('crp', { code: loinc('1988-5', 'C reactive protein [Mass/volume] in Serum or Plasma'), valueQuantity: { value: 0.3, comparator: '<', unit: 'mg/dL' } }),
      // Glucose in mmol/L: kept as given, charted in mg/dL.
      entry('glucose', {
        code: loinc('2345-7'),
        valueQuantity: { value: 5.4, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
        referenceRange: [{ low: { value: 3.9, unit: 'mmol/L' }, high: { value: 5.5, unit: 'mmol/L' }, text: '3.9-5.5 mmol/L' }],
      }),
      // A lab's 'negative': words, from a concept.
      entry('urine-glucose', {
        code: loinc('25428-4', 'Glucose [Presence] in Urine by Test strip'),
        valueCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: '260385009', display: 'Negative' }] },
        referenceRange: [{ text: 'Negative' }],
      }),
      // A weight in pounds, as words only; a date alone (the start of that day on the patient's clock).
      entry('weight', { category: vitalSigns, code: loinc('29463-7', 'Body weight'), valueQuantity: { value: 182.4, unit: 'lbs' }, effectiveDateTime: '2025-05-30' }),
      // Blood pressure as the older panel 55284-4, units in words; timed by its period's start.
      entry('bp', {
        category: vitalSigns,
        code: loinc('55284-4', 'Blood pressure systolic and diastolic'),
        component: [
          { code: loinc('8480-6'), valueQuantity: { value: 131, unit: 'mmHg' } },
          { code: loinc('8462-4'), valueQuantity: { value: 84, unit: 'mmHg' } },
        ],
        effectiveDateTime: undefined,
        effectivePeriod: { start: '2025-06-01T07:02:00Z', end: '2025-06-01T07:03:00Z' },
      }),
      // A watch's reading, timed only by when it was issued.
      entry('pulse', {
        category: vitalSigns,
        code: loinc('8867-4', 'Heart rate'),
        valueQuantity: { value: 61, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
        device: { display: 'Apple Watch' },
        effectiveDateTime: undefined,
        issued: '2025-06-01T06:00:00.250Z',
      }),
      // The patient's own: the performer is the Bundle's Patient.
      entry('temperature', {
        category: vitalSigns,
        code: loinc('8310-5'),
        valueQuantity: { value: 99.1, unit: '°F', system: 'http://unitsofmeasure.org', code: '[degF]' },
        performer: [{ reference: 'https://portal.example/fhir/Patient/p1' }],
      }),
      // What is skipped, and why.
      entry('wrong', { status: 'entered-in-error', code: loinc('2345-7'), valueQuantity: { value: 600, unit: 'mg/dL' } }),
      entry('cancelled', { status: 'cancelled', code: loinc('2345-7') }),
      entry('preliminary', { status: 'preliminary', code: loinc('2345-7'), valueQuantity: { value: 99, unit: 'mg/dL' } }),
      entry('registered', { status: 'registered', code: loinc('4548-4') }),
      entry('kilograms', { code: loinc('2345-7'), valueQuantity: { value: 5, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' } }),
      entry('no-value', { code: loinc('2093-3'), dataAbsentReason: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'error' }] } }),
      entry('no-time', { code: loinc('2093-3'), valueQuantity: { value: 190, unit: 'mg/dL' }, effectiveDateTime: '2025-06' }),
      entry('no-category', { category: undefined, code: loinc('2093-3'), valueQuantity: { value: 190, unit: 'mg/dL' } }),
      entry('exam', { category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'exam' }] }], code: loinc('8302-2'), valueQuantity: { value: 180, unit: 'cm' } }),
      entry('systolic-alone', { category: vitalSigns, code: loinc('8480-6', 'Systolic blood pressure'), valueQuantity: { value: 131, unit: 'mm[Hg]' } }),
      entry('half-pressure', { category: vitalSigns, code: loinc('85354-9'), component: [{ code: loinc('8480-6'), valueQuantity: { value: 131, unit: 'mm[Hg]' } }] }),
      entry('pressure-reversed', {
        category: vitalSigns,
        code: loinc('85354-9'),
        component: [
          { code: loinc('8480-6'), valueQuantity: { value: 70, unit: 'mm[Hg]' } },
          { code: loinc('8462-4'), valueQuantity: { value: 120, unit: 'mm[Hg]' } },
        ],
      }),
      entry('unknown', { code: loinc('2276-4x', 'Ferritin\u200B [Mass/volume]'), valueQuantity: { value: 80, unit: 'ng/mL' } }),
      entry('no-loinc', { code: { text: 'Body weight' }, valueQuantity: { value: 80, unit: 'kg' } }),
      entry('future', { code: loinc('2093-3'), valueQuantity: { value: 190, unit: 'mg/dL' }, effectiveDateTime: '2999-01-01T00:00:00Z' }),
      // The same result twice in one Bundle (another copy under another URL): added once.
      { ...entry('crp-copy', { code: loinc('1988-5'), valueQuantity: { value: 3, comparator: '<', unit: 'mg/L' } }) },
    ],
  };
}

describe('results as labs and clinics send them', () => {
  it('keep their units, a lab’s < and >, its range, words, who measured them and when', async () => {
    await darnell();
    expect(await imported(portalResults())).toEqual({
      resourceType: 'Observation',
      imported: 9,
      alreadyThere: 1,
      skipped: [
        { reason: 'is entered-in-error', count: 1 },
        { reason: 'is cancelled', count: 1 },
        { reason: 'has the status preliminary, not final', count: 1 },
        { reason: 'has the status registered, not final', count: 1 },
        { reason: "value.unit: 'kg' is not a unit of Glucose (mg/dL, mmol/L)", count: 1 },
        { reason: 'has no value', count: 1 },
        { reason: 'has no date and time it was taken', count: 1 },
        { reason: 'is exam, not a vital sign or a lab result', count: 1 },
        { reason: 'is one number of a blood pressure alone: HealthAssist keeps blood pressure as its two numbers together', count: 1 },
        { reason: 'has only one of blood pressure’s two numbers (systolic 8480-6 and diastolic 8462-4)', count: 1 },
        { reason: 'value.diastolic: must be lower than the systolic', count: 1 },
        { reason: 'LOINC 2276-4x (Ferritin [Mass/volume]) is not a measure HealthAssist knows', count: 1 },
        { reason: 'has no LOINC code, by which HealthAssist knows vital signs and lab tests', count: 1 },
        { reason: 'is dated in the future', count: 1 },
      ],
    });

    const byCode = new Map((await readings()).map((row) => [row.code, row]));
    expect(byCode.size).toBe(9);
    // A portal's result without a category: its code names the measure, and with it the kind.
    expect(byCode.get('2093-3')).toMatchObject({ kind: 'laboratory', value: 190, unit: 'mg/dL', source: 'lab' });
    expect(byCode.get('33914-3')).toMatchObject({
      comparator: '>',
      value: 60,
      unit: 'mL/min/{1.73_m2}',
      referenceLow: 60,
      referenceHigh: null,
      source: 'lab',
      sourceName: 'Quest Diagnostics',
      note: 'Calculated with CKD-EPI 2021',
      identifiers: [
        { system: 'https://portal.example/results', value: 'egfr' },
        { system: URI_SYSTEM, value: 'https://portal.example/fhir/Observation/egfr' },
      ],
      takenAt: new Date('2025-06-02T12:15:00Z'),
    });
    // CRP in mg/dL: kept so, charted in the measure's mg/L.
    expect(byCode.get('1988-5')).toMatchObject({ comparator: '<', value: 0.3, unit: 'mg/dL', chartValue: 3 });
    expect(byCode.get('2345-7')).toMatchObject({ value: 5.4, unit: 'mmol/L', referenceLow: 3.9, referenceHigh: 5.5, referenceText: '3.9-5.5 mmol/L' });
    expect(byCode.get('2345-7')!.chartValue).toBeCloseTo(97.28, 1);
    expect(byCode.get('25428-4')).toMatchObject({ valueType: 'text', valueText: 'Negative', value: null, unit: null, referenceText: 'Negative' });
    expect(byCode.get('29463-7')).toMatchObject({ value: 182.4, unit: '[lb_av]', source: 'provider', takenAt: new Date('2025-05-30T04:00:00Z') });
    expect(byCode.get('29463-7')!.chartValue).toBeCloseTo(82.74, 2);
    expect(byCode.get('85354-9')).toMatchObject({ valueType: 'blood-pressure', value: 131, secondValue: 84, unit: 'mm[Hg]', takenAt: new Date('2025-06-01T07:02:00Z') });
    expect(byCode.get('8867-4')).toMatchObject({ value: 61, unit: '/min', source: 'device', sourceName: 'Apple Watch', takenAt: new Date('2025-06-01T06:00:00.250Z') });
    expect(byCode.get('8310-5')).toMatchObject({ value: 99.1, unit: '[degF]', source: 'patient' });
    expect(byCode.get('8310-5')!.chartValue).toBeCloseTo(37.28, 2);

    // As the Lab Results page reads them: the value as given, the number in the patient's units, flagged by the lab's range.
    const labs = (await api(t.app, 'GET', '/api/observations/1?kind=laboratory')).body.items as Array<Record<string, unknown>>;
    expect(labs.map((item) => item.code).sort()).toEqual(['1988-5', '2093-3', '2345-7', '25428-4', '33914-3']);
    expect(labs.find((item) => item.code === '33914-3')).toMatchObject({
      value: { type: 'quantity', number: 60, comparator: '>', unit: 'mL/min/{1.73_m2}' },
      referenceRange: { low: 60, high: null, text: null },
      sourceName: 'Quest Diagnostics',
    });
    expect(labs.find((item) => item.code === '1988-5')).toMatchObject({ value: { type: 'quantity', number: 0.3, comparator: '<', unit: 'mg/dL' } });
    expect(labs.find((item) => item.code === '2345-7')).toMatchObject({ value: { number: 5.4, unit: 'mmol/L' }, inUnits: { number: 97.3, unit: 'mg/dL' } });
    expect(labs.find((item) => item.code === '25428-4')).toMatchObject({ value: { type: 'text', text: 'Negative' }, flag: null });
  });

  it('a reading the record has already: by where it came from, else by its measure, minute and value in any unit', async () => {
    await darnell();
    // Typed in by the patient at the same minutes as the portal's: the same glucose, and the same weight in kilograms.
    const typed = { kind: 'laboratory', secondValue: null, secondChartValue: null, valueType: 'quantity' } as const;
    await createObservation(t.db, 1, { ...typed, code: '2345-7', takenAt: new Date('2025-06-02T12:15:40Z'), value: 5.4, unit: 'mmol/L', chartValue: 97.28 });
    await createObservation(t.db, 1, { ...typed, kind: 'vital-sign', code: '29463-7', takenAt: new Date('2025-06-02T12:15:00Z'), value: 81.4, unit: 'kg', chartValue: 81.4 });
    const grams = entry('scale', { category: vitalSigns, code: loinc('29463-7'), valueQuantity: { value: 81400, unit: 'g' } });
    const fromPortal = portalResults().entry.filter((each) => ['glucose', 'egfr'].includes(String(each.resource.id)));
    const first = await imported({ resourceType: 'Bundle', type: 'collection', entry: [...fromPortal, grams] });
    expect(first).toMatchObject({ imported: 1, alreadyThere: 2 });

    // The portal's eGFR again, corrected since (another value, another minute): known by its identifier, not added.
    const corrected = entry('egfr', { code: loinc('33914-3'), valueQuantity: { value: 58, unit: 'mL/min/{1.73_m2}' }, effectiveDateTime: '2025-06-02T08:45:00-04:00' });
    expect(await imported({ resourceType: 'Bundle', type: 'collection', entry: [corrected] })).toMatchObject({ imported: 0, alreadyThere: 1 });
    // A Synthea blood pressure at a minute the record has another value at: a reading of its own.
    const visit = 'syn-visit';
    const pressure = (systolic: number, id: string) => syntheaBloodPressure(id, systolic, 80, '2025-06-02T08:15:00-04:00', visit);
    expect(await imported({ resourceType: 'Bundle', type: 'collection', entry: [pressure(120, 'a'), pressure(120, 'b'), pressure(121, 'c')] })).toMatchObject({ imported: 2, alreadyThere: 1 });
    expect((await readings()).map((row) => [row.code, row.value])).toEqual([
      ['29463-7', 81.4],
      ['33914-3', 60],
      ['85354-9', 120],
      ['85354-9', 121],
      ['2345-7', 5.4],
    ]);
  });

  it('a Synthea vital sign that names its unit as UCUM does, and one it writes for a percentile, each as the table reads it', async () => {
    await darnell();
    const observation = (id: string, code: string, display: string, value: number, unit: string) =>
      syntheaObservation(id, { category: 'vital-signs', code, display, effective: '2020-01-06T10:00:00-05:00', encounter: 'e', value: { valueQuantity: syntheaQuantity(value, unit) } });
    const result = await imported({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        observation('o1', '8289-1', 'Head Occipital-frontal circumference Percentile', 48.2, '%'),
        observation('o2', '59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry', 97, '%'),
        observation('o3', '8310-5', 'Body temperature', 37.1, 'Cel'),
      ],
    });
    expect(result).toEqual({
      resourceType: 'Observation',
      imported: 2,
      alreadyThere: 0,
      skipped: [{ reason: 'LOINC 8289-1 (Head Occipital-frontal circumference Percentile) is not a measure HealthAssist knows', count: 1 }],
    });
  });
});
