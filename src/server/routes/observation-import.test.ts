import { describe, expect, it } from 'vitest';
import { CSV_FIXTURES, LAB_RESULTS_CSV, OMRON_CSV } from '../../testing/observation-csv-fixtures';
import { api, expectRefused, snapshotData, useTestApp } from '../../testing/test-app';

const t = useTestApp();

const importCsv = (body: object) => api(t.app, 'POST', '/api/observations/import-csv', { userId: t.userId, ...body });
const readings = async (query = '') => (await api(t.app, 'GET', `/api/observations/${t.userId}?limit=100${query}`)).body.items as Array<Record<string, unknown>>;

describe('a CSV file’s readings', () => {
  it.each(CSV_FIXTURES)('$name: a preview suggests the mapping, counts, and refuses lines by number; nothing is written', async (fixture) => {
    await api(t.app, 'PATCH', `/api/users/${t.userId}`, { timeZone: fixture.timeZone });
    const before = await snapshotData(t.db);
    const preview = await importCsv({ csv: fixture.csv });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ readings: fixture.readings, duplicates: 0, added: 0, refusedCount: fixture.refusedLines.length, skippedCount: fixture.skippedLines.length });
    expect(preview.body.mapping.layout).toBe(fixture.layout);
    expect(preview.body.refusals.map((refusal: { line: number }) => refusal.line)).toEqual(fixture.refusedLines);
    for (const refusal of preview.body.refusals) expect(refusal.message).toMatch(new RegExp(`^line ${refusal.line}: `));
    expect(await snapshotData(t.db)).toEqual(before);
  });

  it('imports what the preview showed, once: the same file again adds nothing', async () => {
    await api(t.app, 'PATCH', `/api/users/${t.userId}`, { timeZone: 'America/Chicago' });
    const { mapping } = (await importCsv({ csv: OMRON_CSV })).body;
    const imported = await importCsv({ csv: OMRON_CSV, mapping, confirm: true });
    expect(imported.body).toMatchObject({ readings: 10, duplicates: 0, added: 10 });
    const stored = await readings('&kind=vital-sign');
    expect(stored).toHaveLength(10);
    // 7:42 AM in Chicago in November is 13:42Z; the cuff's reading is one reading of two numbers.
    expect(stored).toContainEqual(expect.objectContaining({ takenAt: '2025-11-18T13:42:00.000Z', value: { type: 'blood-pressure', systolic: 128, diastolic: 82, unit: 'mm[Hg]' }, source: 'device' }));

    const feed = async () => (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body.map((activity: { description: string }) => activity.description);
    expect(await feed()).toEqual(['Imported 10 readings from a CSV file']);

    const again = await importCsv({ csv: OMRON_CSV, mapping, confirm: true });
    expect(again.body).toMatchObject({ readings: 10, duplicates: 10, added: 0 });
    expect(await feed()).toHaveLength(1);
    expect(await readings()).toHaveLength(10);
    const preview = await importCsv({ csv: OMRON_CSV });
    expect(preview.body).toMatchObject({ duplicates: 10, added: 0 });
  });

  it('keeps a lab’s ranges and its < and >, and refuses the test it does not know by its line', async () => {
    await api(t.app, 'PATCH', `/api/users/${t.userId}`, { timeZone: 'America/Denver' });
    const { mapping } = (await importCsv({ csv: LAB_RESULTS_CSV })).body;
    const imported = await importCsv({ csv: LAB_RESULTS_CSV, mapping, confirm: true });
    expect(imported.body).toMatchObject({ added: 10, refusedCount: 1 });
    expect(imported.body.refusals[0].message).toMatch(/^line 11: .*Zinc/);
    const labs = await readings('&kind=laboratory');
    expect(labs).toHaveLength(10);
    // A date alone is the start of the lab's day on the patient's clock (Denver, in October UTC-6).
    expect(labs).toContainEqual(
      expect.objectContaining({ name: 'LDL cholesterol', takenAt: '2025-10-14T06:00:00.000Z', referenceRange: { low: null, high: 100, text: null }, flag: 'high' }),
    );
    expect(labs.find((reading) => (reading.value as { comparator?: string }).comparator === '>')).toMatchObject({ value: { number: 60, comparator: '>' }, flag: null });
    expect(labs.every((reading) => reading.source === 'lab')).toBe(true);
  });

  it('refuses a file that is not one, a mapping naming a column the file lacks, and a confirmation without a mapping', async () => {
    await expectRefused(t, 'POST', '/api/observations/import-csv', { userId: t.userId, csv: 'just words' }, 400, /^csv: must have a header line/);
    await expectRefused(t, 'POST', '/api/observations/import-csv', { userId: t.userId, csv: '' }, 400, 'csv: must not be empty');
    await expectRefused(t, 'POST', '/api/observations/import-csv', { userId: t.userId, csv: OMRON_CSV, confirm: true }, 400, 'mapping: must be sent with confirm: the mapping the preview showed');
    const mapping = { layout: 'columns', date: 'Datum', dateOrder: 'month-first', measures: [{ column: 'Systolic (mmHg)', code: '85354-9', secondColumn: 'Diastolic (mmHg)' }] };
    await expectRefused(t, 'POST', '/api/observations/import-csv', { userId: t.userId, csv: OMRON_CSV, mapping, confirm: true }, 400, /^mapping\.date: 'Datum' is not a column of the file/);
    await expectRefused(t, 'POST', '/api/observations/import-csv', { userId: t.userId, csv: OMRON_CSV, mapping: { ...mapping, layout: 'grid' } }, 400, 'mapping.layout: must be one of columns, rows');
  });

  it('answers a file whose columns it cannot read with its headers and no mapping', async () => {
    const preview = await importCsv({ csv: 'Name,Colour\nAlex,Blue\nSam,Green\n' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ headers: ['Name', 'Colour'], mapping: null, readings: 0 });
  });
});
