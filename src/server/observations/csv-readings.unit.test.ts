import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CSV_MAX_BYTES, CSV_MAX_ROWS, CsvImportBody, CsvMapping, CsvPreview } from '../../shared/contracts/observation-csv';
import { BLOOD_PRESSURE, MEASURE_CODES } from '../../shared/rules/measures';
import { givenValueWords } from '../../shared/rules/observations';
import {
  CSV_FIXTURES,
  DEXCOM_CSV,
  EUROPEAN_METER_CSV,
  LAB_RESULTS_CSV,
  LIBRE_CSV,
  OMRON_CSV,
  WITHINGS_CSV,
  glucoseReadings,
} from '../../testing/observation-csv-fixtures';
import {
  NO_HEADER,
  TOO_MANY_ROWS,
  mappingProblems,
  parseCsv,
  previewOf,
  readReadings,
  readingKey,
  suggestMapping,
  type CsvRead,
  type ParsedCsv,
} from './csv-readings';

const GLUCOSE = '2345-7';
const HEART_RATE = '8867-4';
const WEIGHT = '29463-7';
/** After every fixture's readings, before 2026's. */
const NOW = new Date('2026-01-31T12:00:00Z');

function parsed(text: string): ParsedCsv {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(`not parsed: ${result.message}`);
  return result.csv;
}

/** A file read with the mapping suggested for it. */
function read(text: string, timeZone = 'UTC', now = NOW): CsvRead & { csv: ParsedCsv; mapping: CsvMapping } {
  const csv = parsed(text);
  const mapping = suggestMapping(csv.headers, csv.rows);
  if (!mapping) throw new Error('no mapping suggested');
  return { csv, mapping, ...readReadings(csv, mapping, timeZone, now) };
}

const iso = (readings: CsvRead['readings']) => readings.map((reading) => reading.takenAt.toISOString());
const lines = (items: readonly { line: number }[]) => items.map((item) => item.line);

describe('the exports of devices, apps and labs, with the suggested mapping', () => {
  it.each(CSV_FIXTURES)('$name: its readings, and its refused and skipped lines', (fixture) => {
    const result = read(fixture.csv, fixture.timeZone);
    expect(result.mapping.layout).toBe(fixture.layout);
    expect(result.readings).toHaveLength(fixture.readings);
    expect(lines(result.refusals)).toEqual(fixture.refusedLines);
    expect(lines(result.skipped)).toEqual(fixture.skippedLines);
    for (const refusal of result.refusals) expect(refusal.message).toMatch(new RegExp(`^line ${refusal.line}: `));
    // What the contract lets a client send back is what was suggested.
    expect(CsvMapping.parse(result.mapping)).toEqual(result.mapping);
  });

  it('FreeStyle Libre: the header after the export’s first line, historic and scan glucose, month first on a 12-hour clock', () => {
    const { csv, mapping, readings } = read(LIBRE_CSV, 'America/New_York');
    expect(csv.headerLine).toBe(2);
    expect(mapping).toEqual({
      layout: 'columns',
      date: 'Device Timestamp',
      dateOrder: 'month-first',
      measures: [
        { column: 'Historic Glucose mg/dL', code: GLUCOSE },
        { column: 'Scan Glucose mg/dL', code: GLUCOSE },
      ],
    });
    expect(readings[0]).toEqual({
      line: 3,
      code: GLUCOSE,
      takenAt: new Date('2025-11-27T05:04:00Z'),
      value: { type: 'quantity', number: 112, comparator: null, unit: 'mg/dL' },
      referenceRange: null,
    });
    expect(readings.map((reading) => [reading.line, givenValueWords(reading.value)])).toEqual([
      [3, '112'], [4, '108'], [5, '104'], [6, '101'], [7, '99'], [8, '96'], [11, '148'], [12, '162'], [13, '171'], [15, '118'],
    ]);
    // 10:04 PM on the 27th in New York is 03:04 on the 28th in UTC.
    expect(iso(readings).at(-1)).toBe('2025-11-28T03:04:00.000Z');
  });

  it('Dexcom Clarity: the patient’s rows without a timestamp are skipped, Low is refused with its line, the rate of change is not glucose', () => {
    const { mapping, readings, refusals, skipped } = read(DEXCOM_CSV, 'America/Los_Angeles');
    expect(mapping).toEqual({
      layout: 'columns',
      date: 'Timestamp (YYYY-MM-DDThh:mm:ss)',
      dateOrder: 'year-first',
      measures: [{ column: 'Glucose Value (mg/dL)', code: GLUCOSE }],
    });
    expect(refusals).toEqual([
      {
        line: 12,
        message:
          "line 12: Glucose Value (mg/dL): 'Low' is not a number: a meter shows Low for a reading below the lowest it can measure, so the reading is not known",
      },
    ]);
    expect(skipped.slice(0, 2)).toEqual([
      { line: 2, reason: 'no value in Glucose Value (mg/dL)' },
      { line: 3, reason: 'no value in Glucose Value (mg/dL)' },
    ]);
    // The alert settings have a glucose but no time.
    expect(skipped.find((skip) => skip.line === 6)).toEqual({ line: 6, reason: 'no date in Timestamp (YYYY-MM-DDThh:mm:ss)' });
    expect(iso(readings)[0]).toBe('2025-11-20T10:58:40.000Z');
  });

  it('a European meter: cells separated by ;, decimal commas, mmol/L, day first, and the meter’s HI refused', () => {
    const { csv, mapping, readings, refusals } = read(EUROPEAN_METER_CSV, 'Europe/Berlin');
    expect(csv.delimiter).toBe(';');
    expect(mapping).toEqual({ layout: 'columns', date: 'Date', time: 'Time', dateOrder: 'day-first', measures: [{ column: 'Glucose (mmol/L)', code: GLUCOSE }] });
    expect(readings[0]!.value).toEqual({ type: 'quantity', number: 5.4, comparator: null, unit: 'mmol/L' });
    // 3 November, 07:12 in Berlin (UTC+1).
    expect(iso(readings)[0]).toBe('2025-11-03T06:12:00.000Z');
    expect(refusals[0]!.message).toMatch(/^line 6: Glucose \(mmol\/L\): 'HI' is not a number: a meter shows HI for a reading above the highest it can measure/);
  });

  it('OMRON: a blood pressure from its two columns and the pulse, from a date and a time column', () => {
    const { mapping, readings } = read(OMRON_CSV, 'America/Chicago');
    expect(mapping).toEqual({
      layout: 'columns',
      date: 'Date',
      time: 'Time',
      dateOrder: 'month-first',
      measures: [
        { column: 'Systolic (mmHg)', code: BLOOD_PRESSURE, secondColumn: 'Diastolic (mmHg)' },
        { column: 'Pulse (bpm)', code: HEART_RATE },
      ],
    });
    expect(readings.slice(0, 2)).toEqual([
      { line: 2, code: BLOOD_PRESSURE, takenAt: new Date('2025-11-18T13:42:00Z'), value: { type: 'blood-pressure', systolic: 128, diastolic: 82, unit: 'mm[Hg]' }, referenceRange: null },
      { line: 2, code: HEART_RATE, takenAt: new Date('2025-11-18T13:42:00Z'), value: { type: 'quantity', number: 68, comparator: null, unit: '/min' }, referenceRange: null },
    ]);
    // 9:15 PM in Chicago is 03:15 the next day in UTC.
    expect(iso(readings)[2]).toBe('2025-11-19T03:15:00.000Z');
  });

  it('Withings: quoted headers and dates, the weight in kilograms, the body composition it does not know left out', () => {
    const { mapping, readings } = read(WITHINGS_CSV, 'Europe/Paris');
    expect(mapping).toMatchObject({ date: 'Date', dateOrder: 'year-first', measures: [{ column: 'Weight (kg)', code: WEIGHT }] });
    expect(readings[0]).toMatchObject({ code: WEIGHT, takenAt: new Date('2025-11-20T06:12:45Z'), value: { type: 'quantity', number: 81.4, unit: 'kg' } });
  });

  it('a lab’s results: a row per test, its unit and reference range, results the lab could only bound, a date alone at 00:00', () => {
    const { mapping, readings, refusals } = read(LAB_RESULTS_CSV, 'America/Denver');
    expect(mapping).toEqual({ layout: 'rows', date: 'Date', dateOrder: 'month-first', measure: 'Test', value: 'Result', unit: 'Units', range: 'Reference Range' });
    const byName = (line: number) => readings.find((reading) => reading.line === line)!;
    expect(byName(2)).toEqual({
      line: 2,
      code: GLUCOSE,
      // 00:00 on 14 October in Denver (UTC-6 in summer time).
      takenAt: new Date('2025-10-14T06:00:00Z'),
      value: { type: 'quantity', number: 92, comparator: null, unit: 'mg/dL' },
      referenceRange: { low: 70, high: 99, text: null },
    });
    expect(byName(3).referenceRange).toEqual({ low: null, high: 5.7, text: null });
    expect(byName(5).referenceRange).toEqual({ low: 40, high: null, text: null });
    expect(byName(9).value).toEqual({ type: 'quantity', number: 5, comparator: '<', unit: 'mg/L' });
    expect(byName(10).value).toMatchObject({ type: 'quantity', number: 60, comparator: '>' });
    expect(refusals).toEqual([{ line: 11, message: "line 11: 'Zinc' is not a measure HealthAssist knows" }]);
  });
});

describe('the time zone', () => {
  it('reads a time without an offset on the patient’s clock: 08:00 in New York is 13:00Z in winter, 12:00Z in summer', () => {
    expect(iso(read(glucoseReadings(1, '2026-01-15'), 'America/New_York').readings)).toEqual(['2026-01-15T13:00:00.000Z']);
    expect(iso(read(glucoseReadings(1, '2025-07-15'), 'America/New_York').readings)).toEqual(['2025-07-15T12:00:00.000Z']);
    expect(iso(read(glucoseReadings(1, '2026-01-15'), 'Asia/Tokyo').readings)).toEqual(['2026-01-14T23:00:00.000Z']);
  });

  it('keeps an offset the file writes, whatever the patient’s zone', () => {
    const text = 'Date,Glucose (mg/dL)\n2025-11-20T08:00:00Z,100\n2025-11-20T08:00:00+01:00,101\n2025-11-20 08:00 -0500,102\n';
    expect(iso(read(text, 'Asia/Tokyo').readings)).toEqual(['2025-11-20T08:00:00.000Z', '2025-11-20T07:00:00.000Z', '2025-11-20T13:00:00.000Z']);
  });

  it('reads a time the clock skipped a gap’s length later, and a time it passed twice as the first', () => {
    const text = 'Date,Glucose (mg/dL)\n2025-03-09 02:30,100\n2025-11-02 01:30,101\n';
    expect(iso(read(text, 'America/New_York').readings)).toEqual(['2025-03-09T07:30:00.000Z', '2025-11-02T05:30:00.000Z']);
  });
});

describe('dates and times as exports write them', () => {
  const at = (date: string, dateOrder: 'year-first' | 'month-first' | 'day-first', time?: string) => {
    const headers = time === undefined ? ['Date', 'Glucose'] : ['Date', 'Time', 'Glucose'];
    const cells = time === undefined ? [date, '100'] : [date, time, '100'];
    const mapping: CsvMapping = { layout: 'columns', date: 'Date', ...(time === undefined ? {} : { time: 'Time' }), dateOrder, measures: [{ column: 'Glucose', code: GLUCOSE }] };
    const result = readReadings({ delimiter: ',', headerLine: 1, headers, rows: [{ line: 2, cells }] }, mapping, 'UTC', NOW);
    return result.readings[0]?.takenAt.toISOString() ?? result.refusals[0]!.message;
  };

  it.each([
    ['2025-11-03 08:30', 'month-first', '2025-11-03T08:30:00.000Z'],
    ['2025-11-03 08:30:15', 'day-first', '2025-11-03T08:30:15.000Z'],
    ['2025-11-03T08:30:15.250', 'year-first', '2025-11-03T08:30:15.000Z'],
    ['2025/11/03 8:30', 'month-first', '2025-11-03T08:30:00.000Z'],
    ['11/03/2025 8:30 AM', 'month-first', '2025-11-03T08:30:00.000Z'],
    ['11/03/2025 12:05 AM', 'month-first', '2025-11-03T00:05:00.000Z'],
    ['11/03/2025 12:05 PM', 'month-first', '2025-11-03T12:05:00.000Z'],
    ['11/03/2025 8:30 p.m.', 'month-first', '2025-11-03T20:30:00.000Z'],
    ['11-03-2025 20:30', 'month-first', '2025-11-03T20:30:00.000Z'],
    ['03/11/2025 20:30', 'day-first', '2025-11-03T20:30:00.000Z'],
    ['03.11.2025', 'day-first', '2025-11-03T00:00:00.000Z'],
    ['03.11.2025 07:12', 'day-first', '2025-11-03T07:12:00.000Z'],
    ['3/11/25', 'day-first', '2025-11-03T00:00:00.000Z'],
    ['25/11/03', 'year-first', '2025-11-03T00:00:00.000Z'],
    ['2025-11-03', 'month-first', '2025-11-03T00:00:00.000Z'],
    ['Nov 3, 2025', 'month-first', '2025-11-03T00:00:00.000Z'],
    ['November 3, 2025 8:30 AM', 'day-first', '2025-11-03T08:30:00.000Z'],
    ['03-Nov-2025 14:02', 'month-first', '2025-11-03T14:02:00.000Z'],
  ] as const)('%s (%s)', (date, order, expected) => {
    expect(at(date, order)).toBe(expected);
  });

  it('takes the time from its own column', () => {
    expect(at('11/03/2025', 'month-first', '7:45 PM')).toBe('2025-11-03T19:45:00.000Z');
    expect(at('03.11.2025', 'day-first', '07:12:30')).toBe('2025-11-03T07:12:30.000Z');
  });

  it.each([
    ['2025-02-30', "line 2: Date: '2025-02-30' is not a day of the calendar"],
    ['Feb 30, 2025', "line 2: Date: 'Feb 30, 2025' is not a day of the calendar"],
    ['13/25/2025', "line 2: Date: '13/25/2025' is not a date in the order month, day, year"],
    ['yesterday', "line 2: Date: 'yesterday' is not a date (such as 2025-11-03 or 11/03/2025 08:30)"],
    ['2025-11-03 25:00', "line 2: Date: '2025-11-03 25:00' does not have a time of day HealthAssist can read"],
    ['2025-11-03 13:00 PM', "line 2: Date: '2025-11-03 13:00 PM' does not have a time of day HealthAssist can read"],
    ['1899-12-31', "line 2: Date: '1899-12-31' is before 1900"],
    ['03/04/2026', "line 2: Date: '03/04/2026' is in the future (is the order of its day and month right?)"],
  ])('refuses %s', (date, message) => {
    expect(at(date, 'month-first')).toBe(message);
  });

  it('refuses a time that is not one', () => {
    expect(at('11/03/2025', 'month-first', '7.45')).toBe("line 2: Time: '7.45' is not a time of day (such as 08:30 or 8:30 AM)");
  });
});

describe('values and units', () => {
  const labRow = (result: string, unit: string, range = '', delimiter = ',') =>
    read([['Test', 'Result', 'Units', 'Reference Range', 'Date'], ['Glucose', result, unit, range, '2025-10-14']].map((cells) => cells.join(delimiter)).join('\n'));

  it.each([
    ['5.4', { number: 5.4, comparator: null }],
    ['<5', { number: 5, comparator: '<' }],
    ['> 300', { number: 300, comparator: '>' }],
    ['>= 40', { number: 40, comparator: '>=' }],
    ['≤0.5', { number: 0.5, comparator: '<=' }],
    ['-2', { number: -2, comparator: null }],
    ['.5', { number: 0.5, comparator: null }],
  ])('reads %s', (result, expected) => {
    expect(labRow(result, 'mg/dL').readings[0]!.value).toEqual({ type: 'quantity', unit: 'mg/dL', ...expected });
  });

  it('reads a decimal comma in a file separated by ;, and refuses it in one separated by commas, saying why', () => {
    expect(labRow('5,4', 'mmol/L', '3,9-5,5', ';').readings[0]).toMatchObject({ value: { number: 5.4, unit: 'mmol/L' }, referenceRange: { low: 3.9, high: 5.5 } });
    expect(labRow('"5,4"', 'mmol/L').refusals[0]!.message).toBe(
      "line 2: Result: '5,4' is not a number: in a file whose cells are separated by commas, decimals are written with a point (5.4)",
    );
  });

  it('keeps a lab’s words for a result, not a meter’s HI', () => {
    expect(labRow('see note', 'mg/dL').readings[0]!.value).toEqual({ type: 'text', text: 'see note' });
    expect(labRow('HI', 'mg/dL').refusals[0]!.message).toMatch(/^line 2: Result: 'HI' is not a number/);
    expect(labRow('12.5.1', 'mg/dL').refusals[0]!.message).toBe("line 2: Result: '12.5.1' is not a number");
  });

  it('refuses a unit that is not one of the measure’s, and one HealthAssist does not know, with the line', () => {
    expect(labRow('92', 'kg').refusals[0]!.message).toMatch(/^line 2: Result: /);
    expect(labRow('92', 'kg').readings).toEqual([]);
    expect(labRow('92', 'furlongs').refusals[0]!.message).toBe("line 2: Result: 'furlongs' is not a unit HealthAssist knows");
  });

  it('takes the unit from the mapping, then the unit column, then the header, then the measure', () => {
    const text = 'Date,Glucose (mmol/L),Glucose\n2025-11-03,5.4,99\n';
    const csv = parsed(text);
    const base = { layout: 'columns' as const, date: 'Date', dateOrder: 'year-first' as const };
    const units = (mapping: CsvMapping) => readReadings(csv, mapping, 'UTC', NOW).readings.map((reading) => reading.value.type === 'quantity' && reading.value.unit);
    expect(units({ ...base, measures: [{ column: 'Glucose (mmol/L)', code: GLUCOSE }, { column: 'Glucose', code: GLUCOSE }] })).toEqual(['mmol/L', 'mg/dL']);
    expect(units({ ...base, measures: [{ column: 'Glucose', code: GLUCOSE, unit: 'mmol/L' }] })).toEqual(['mmol/L']);
    // As written, when UCUM reads it so ('dl' and 'dL' are both the decilitre).
    expect(units({ ...base, measures: [{ column: 'Glucose (mmol/L)', code: GLUCOSE, unit: 'mg/dl' }] })).toEqual(['mg/dl']);
    expect(labRow('5.4', '').readings[0]!.value).toMatchObject({ unit: 'mg/dL' });
  });

  it('reads blood pressure from two columns or one, and refuses a row with one number', () => {
    const text = ['Date,Systolic,Diastolic,Blood Pressure', '2025-11-03 08:00,128,82,', '2025-11-03 09:00,130,,', '2025-11-03 10:00,,,127/81', '2025-11-03 11:00,,,127', '2025-11-03 12:00,80,120,'].join('\n');
    const result = readReadings(
      parsed(text),
      {
        layout: 'columns',
        date: 'Date',
        dateOrder: 'year-first',
        measures: [
          { column: 'Systolic', code: BLOOD_PRESSURE, secondColumn: 'Diastolic' },
          { column: 'Blood Pressure', code: BLOOD_PRESSURE },
        ],
      },
      'UTC',
      NOW,
    );
    expect(result.readings.map((reading) => [reading.line, givenValueWords(reading.value)])).toEqual([
      [2, '128/82'],
      [4, '127/81'],
    ]);
    expect(result.refusals).toEqual([
      { line: 3, message: 'line 3: Systolic: a blood pressure is two numbers, and Diastolic is empty' },
      { line: 5, message: "line 5: Blood Pressure: '127' is one number: a blood pressure is two, such as 128/82" },
      { line: 6, message: 'line 6: Systolic: 80/120 is not a blood pressure: the diastolic (second) is lower than the systolic' },
    ]);
  });

  it('refuses a row whole, with each of its problems', () => {
    const text = 'Date,Time,Glucose (mg/dL),Pulse (bpm)\n2025-11-03,08:00,HI,x\n';
    const mapping: CsvMapping = {
      layout: 'columns',
      date: 'Date',
      time: 'Time',
      dateOrder: 'year-first',
      measures: [
        { column: 'Glucose (mg/dL)', code: GLUCOSE },
        { column: 'Pulse (bpm)', code: HEART_RATE },
      ],
    };
    expect(readReadings(parsed(text), mapping, 'UTC', NOW).refusals).toEqual([
      {
        line: 2,
        message:
          "line 2: Glucose (mg/dL): 'HI' is not a number: a meter shows HI for a reading above the highest it can measure, so the reading is not known; Pulse (bpm): 'x' is not a number",
      },
    ]);
  });
});

describe('lines', () => {
  it('are the file’s, as an editor counts them: lines before the header, quoted line breaks, \\r\\n, \\r, a byte order mark', () => {
    for (const newline of ['\n', '\r\n', '\r']) {
      const text = `\ufeffExported by Meter Tool${newline}${newline}Date,Glucose (mg/dL),Note${newline}2025-11-03 08:00,100,"two${newline}lines"${newline}2025-11-03 09:00,HI,${newline}${newline}2025-11-03 10:00,,${newline}2025-11-03 11:00,101,`;
      const result = read(text);
      expect(result.csv.headerLine).toBe(3);
      expect(lines(result.readings)).toEqual([4, 9]);
      expect(result.refusals).toEqual([{ line: 6, message: expect.stringMatching(/^line 6: Glucose \(mg\/dL\): 'HI'/) }]);
      expect(result.skipped).toEqual([
        { line: 7, reason: 'empty line' },
        { line: 8, reason: 'no value in Glucose (mg/dL)' },
      ]);
    }
    // Two marks (a file saved twice by a tool that adds one): papaparse drops one itself, the lines stay the file's.
    const twice = read('\ufeff\ufeff\nDate,Glucose (mg/dL)\n2025-11-03 08:00,100\n');
    expect(twice.csv.headerLine).toBe(2);
    expect(lines(twice.readings)).toEqual([3]);
  });

  it('refuses the row of a quote never closed', () => {
    const result = read('Date,Glucose (mg/dL),Note\n2025-11-03 08:00,100,ok\n2025-11-03 09:00,101,"open\n2025-11-03 10:00,102,\n');
    expect(lines(result.readings)).toEqual([2]);
    expect(result.refusals).toEqual([{ line: 3, message: 'line 3: a quote (") opened in this line is never closed, so the rest of the file is one cell' }]);
  });
});

describe('a file refused whole', () => {
  it('without a header and rows', () => {
    for (const text of ['', '\ufeff', ' \n\n', 'Glucose\n100\n101\n']) expect(parseCsv(text)).toEqual({ ok: false, message: NO_HEADER });
  });

  it(`with more than ${CSV_MAX_ROWS.toLocaleString('en-US')} rows`, () => {
    const rows = (count: number) => `Date,Glucose (mg/dL)\n${'2025-11-03 08:00,100\n'.repeat(count)}`;
    expect(TOO_MANY_ROWS).toBe('must have at most 50,000 rows');
    expect(parseCsv(rows(CSV_MAX_ROWS + 1))).toEqual({ ok: false, message: TOO_MANY_ROWS });
    expect(parseCsv(rows(CSV_MAX_ROWS + 5_000))).toEqual({ ok: false, message: TOO_MANY_ROWS });
    const most = parsed(rows(CSV_MAX_ROWS));
    expect(most.rows).toHaveLength(CSV_MAX_ROWS);
    expect(most.rows.at(-1)!.line).toBe(CSV_MAX_ROWS + 1);
  });
});

describe('a mapping', () => {
  const csv = parsed(OMRON_CSV);

  it('names columns of the file and units of its measures', () => {
    expect(
      mappingProblems(csv.headers, {
        layout: 'columns',
        date: 'Datum',
        dateOrder: 'month-first',
        measures: [
          { column: 'Systolic (mmHg)', code: BLOOD_PRESSURE, secondColumn: 'Diastolic (mmHg)' },
          { column: 'Pulse (bpm)', code: HEART_RATE, unit: 'kg' },
          { column: 'Notes', code: GLUCOSE, unit: 'parsecs' },
        ],
      }),
    ).toEqual([
      "mapping.date: 'Datum' is not a column of the file (its columns: 'Date', 'Time', 'Systolic (mmHg)', 'Diastolic (mmHg)', 'Pulse (bpm)', 'Irregular Heartbeat', 'Body Movement', 'Notes')",
      "mapping.measures.1.unit: 'kg' is not a unit of Heart rate (bpm)",
      "mapping.measures.2.unit: 'parsecs' is not a unit HealthAssist knows",
    ]);
    expect(() => readReadings(csv, { layout: 'rows', date: 'Date', dateOrder: 'month-first', measure: 'Test', value: 'Notes' }, 'UTC')).toThrow(RangeError);
  });

  it('is refused by the contract when a column is read twice or a second column is not blood pressure’s', () => {
    const result = CsvMapping.safeParse({
      layout: 'columns',
      date: 'Date',
      dateOrder: 'month-first',
      measures: [{ column: 'Date', code: GLUCOSE }, { column: 'Pulse (bpm)', code: HEART_RATE, secondColumn: 'Notes' }],
    });
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      "measures.0.column: 'Date' is already the date column",
      `measures.1.secondColumn: only blood pressure (${BLOOD_PRESSURE}) has a second column, its diastolic`,
    ]);
    expect(CsvMapping.safeParse({ layout: 'grid' }).error?.issues[0]).toMatchObject({ path: ['layout'], message: 'must be one of columns, rows' });
  });

  it('is not guessed for a file without a date or without a measure HealthAssist knows', () => {
    const none = (text: string) => {
      const file = parsed(text);
      return suggestMapping(file.headers, file.rows);
    };
    expect(none('Name,Glucose (mg/dL)\nAlex,100\n')).toBeNull();
    expect(none('Date,Steps,Calories\n2025-11-03,9000,2100\n')).toBeNull();
  });
});

describe('the import’s body', () => {
  it('is the text of a file of at most 2 MB in UTF-8, and a confirmation sends its mapping', () => {
    const problem = (body: Record<string, unknown>) => {
      const issue = CsvImportBody.safeParse({ userId: 1, ...body }).error?.issues[0];
      return issue && `${issue.path.join('.')}: ${issue.message}`;
    };
    expect(problem({ csv: 'x'.repeat(CSV_MAX_BYTES) })).toBeUndefined();
    expect(problem({ csv: 'x'.repeat(CSV_MAX_BYTES + 1) })).toBe('csv: must be at most 2 MB');
    // Two bytes each: half as many characters.
    expect(problem({ csv: 'é'.repeat(CSV_MAX_BYTES / 2) })).toBeUndefined();
    expect(problem({ csv: 'é'.repeat(CSV_MAX_BYTES / 2 + 1) })).toBe('csv: must be at most 2 MB');
    expect(problem({ csv: '' })).toBe('csv: must not be empty');
    expect(problem({ csv: 'a,b', confirm: true })).toBe('mapping: must be sent with confirm: the mapping the preview showed');
  });
});

describe('the preview', () => {
  it('counts and lists what the file holds, in the contract’s shape', () => {
    const csv = parsed(LIBRE_CSV);
    const mapping = suggestMapping(csv.headers, csv.rows)!;
    const preview = previewOf(csv, mapping, readReadings(csv, mapping, 'America/New_York', NOW));
    expect(preview).toMatchObject({ headerLine: 2, readings: 10, duplicates: 0, added: 0, refusedCount: 0, skippedCount: 3 });
    expect(preview.sample[0]).toEqual({ line: 3, code: GLUCOSE, name: 'Glucose', takenAt: new Date('2025-11-27T05:04:00Z'), value: '112', unit: 'mg/dL' });
    const wire = z.encode(CsvPreview, preview);
    expect(wire.sample[0]!.takenAt).toBe('2025-11-27T05:04:00.000Z');
    const omron = parsed(OMRON_CSV);
    const omronMapping = suggestMapping(omron.headers, omron.rows)!;
    expect(previewOf(omron, omronMapping, readReadings(omron, omronMapping, 'UTC', NOW)).sample.slice(0, 2).map((s) => `${s.name} ${s.value} ${s.unit}`)).toEqual([
      'Blood pressure 128/82 mmHg',
      'Heart rate 68 bpm',
    ]);
  });

  it('lists at most 100 refused lines and 20 readings, and counts them all', () => {
    const text = `Date,Glucose (mg/dL)\n${Array.from({ length: 150 }, (_, i) => `2025-11-03 08:${String(i % 60).padStart(2, '0')},${i % 2 ? 'HI' : 100 + i}`).join('\n')}`;
    const csv = parsed(text);
    const mapping = suggestMapping(csv.headers, csv.rows)!;
    const preview = previewOf(csv, mapping, readReadings(csv, mapping, 'UTC', NOW));
    expect([preview.readings, preview.refusedCount, preview.refusals.length, preview.sample.length]).toEqual([75, 75, 75, 20]);
    expect(CsvPreview.safeParse(z.encode(CsvPreview, preview)).success).toBe(true);
  });
});

describe('readingKey', () => {
  it('is the same for the same file read twice, and tells readings apart', () => {
    for (const fixture of CSV_FIXTURES) {
      const keys = () => read(fixture.csv, fixture.timeZone).readings.map(readingKey);
      expect(keys()).toEqual(keys());
    }
    // The same reading in two files (other lines, seconds, the number written otherwise, another range): one key.
    const once = read('Test,Result,Units,Reference Range,Date\nGlucose,100,mg/dL,70-99,2025-11-03 08:00:05\n').readings[0]!;
    const again = read('Date,Test,Result,Units\n\n2025-11-03 08:00:55,Glucose,100.0,mg/dL\n').readings[0]!;
    expect([once.line, again.line]).toEqual([2, 3]);
    expect(readingKey(again)).toBe(readingKey(once));
    const key = (takenAt: string, number: number, unit = 'mg/dL') =>
      readingKey({ code: GLUCOSE, takenAt: new Date(takenAt), value: { type: 'quantity', number, comparator: null, unit } });
    expect(key('2025-11-03T08:00:00Z', 100)).not.toBe(key('2025-11-03T08:01:00Z', 100));
    expect(key('2025-11-03T08:00:00Z', 100)).not.toBe(key('2025-11-03T08:00:00Z', 101));
    expect(key('2025-11-03T08:00:00Z', 5.5, 'mmol/L')).not.toBe(key('2025-11-03T08:00:00Z', 5.5));
    // One unit written two ways, or another unit of the same amount: the same reading.
    expect(key('2025-11-03T08:00:00Z', 100, 'mg/dl')).toBe(key('2025-11-03T08:00:00Z', 100));
    expect(key('2025-11-03T08:00:00Z', 1, 'g/L')).toBe(key('2025-11-03T08:00:00Z', 100));
    expect(readingKey({ code: WEIGHT, takenAt: new Date(0), value: { type: 'quantity', number: 81.4, comparator: null, unit: 'kg' } })).toBe(
      readingKey({ code: WEIGHT, takenAt: new Date(0), value: { type: 'quantity', number: 81_400, comparator: null, unit: 'g' } }),
    );
  });
});

describe('any text', () => {
  const DELIMITERS = [',', ';', '\t'];
  const NEWLINES = ['\n', '\r\n', '\r'];
  const HEADERS = ['Date', 'Time', 'Timestamp', 'Glucose (mg/dL)', 'Historic Glucose mg/dL', 'Systolic (mmHg)', 'Diastolic (mmHg)', 'Pulse', 'Weight (kg)', 'Test', 'Result', 'Units', 'Reference Range', 'Notes', ''];
  const CELLS = [
    '', ' ', '2025-11-03', '2025-11-03 08:00', '11/03/2025 8:30 PM', '03.11.2025', '31/12/2025', '2025-02-30', '24:00', '08:00', '7:45 AM',
    '100', '5,4', '5.4', '<5', '> 300', 'HI', 'Low', '-', '128/82', '127', 'mg/dL', 'mmol/L', 'kg', 'lbs', '70-99', '<200', 'Glucose', 'Zinc', 'HDL',
    'negative', '"', '""', 'a,b', 'a;b', 'two\nlines', '\ufeff', 'constructor', '__proto__', '1e400', '9'.repeat(30),
  ];
  const cell = fc.oneof(fc.constantFrom(...CELLS), fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 }));
  const quote = (text: string) => (/["\r\n,;\t]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text);
  /** A file's lines: cells quoted as a CSV writer does, or written as they are (raw). */
  const written = fc.record({
    delimiter: fc.constantFrom(...DELIMITERS),
    newline: fc.constantFrom(...NEWLINES),
    bom: fc.boolean(),
    preamble: fc.array(fc.array(cell, { maxLength: 4 }), { maxLength: 2 }),
    raw: fc.boolean(),
  });
  const write = ({ delimiter, newline, bom, preamble, raw }: { delimiter: string; newline: string; bom: boolean; preamble: string[][]; raw: boolean }, lines: string[][]) =>
    `${bom ? '\ufeff' : ''}${[...preamble, ...lines].map((cells) => cells.map((text) => (raw ? text : quote(text))).join(delimiter)).join(newline)}`;
  /** Any headers and rows of any cells. */
  const table = fc
    .record({
      how: written,
      headers: fc.array(fc.oneof(fc.constantFrom(...HEADERS), fc.string({ maxLength: 10 })), { minLength: 1, maxLength: 6 }),
      rows: fc.array(fc.array(cell, { maxLength: 7 }), { maxLength: 12 }),
    })
    .map(({ how, headers, rows }) => write(how, [headers, ...rows]));
  /** A device's or a lab's file: a date column and columns of measures, their cells mostly what such columns hold. */
  const date = fc.oneof(
    { weight: 3, arbitrary: fc.date({ min: new Date('1890-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true }).map((instant) => instant.toISOString().slice(0, 16).replace('T', ' ')) },
    { weight: 2, arbitrary: fc.constantFrom('2025-11-03 08:00', '11/03/2025 8:30 PM', '03.11.2025', '2025-11-03T07:12:00', '31/12/2025 23:59', '2025-02-30', '03/04/2026', '') },
    { weight: 1, arbitrary: cell },
  );
  const number = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('100', '5,4', '5.4', '<5', '> 300', 'HI', 'LO', '-', '', '128/82', '0', '-3', '1000001') },
    { weight: 2, arbitrary: fc.double({ noNaN: true, min: -2e6, max: 2e6 }).map(String) },
    { weight: 1, arbitrary: cell },
  );
  /** Columns in any order: the required ones, and at least one of the others. */
  const shaped = (required: Record<string, fc.Arbitrary<string>>, others: Record<string, fc.Arbitrary<string>>) => {
    const columns = { ...required, ...others };
    return fc
      .shuffledSubarray(Object.keys(others), { minLength: 1 })
      .chain((chosen) => fc.shuffledSubarray([...Object.keys(required), ...chosen], { minLength: Object.keys(required).length + chosen.length }))
      .chain((headers) =>
        fc
          .record({ how: written, rows: fc.array(fc.tuple(...headers.map((header) => columns[header]!)), { maxLength: 15 }) })
          .map(({ how, rows }) => write(how, [headers, ...rows])),
      );
  };
  const device = shaped(
    { Date: date },
    {
      Time: fc.oneof(fc.constantFrom('08:00', '7:45 PM', '24:00', ''), cell),
      'Glucose (mg/dL)': number,
      'Glucose (mmol/L)': number,
      'Systolic (mmHg)': number,
      'Diastolic (mmHg)': number,
      'Pulse (bpm)': number,
      'Weight (lbs)': number,
      Notes: cell,
    },
  );
  const lab = shaped(
    {
      Test: fc.oneof(fc.constantFrom('Glucose', 'HDL', 'Hemoglobin A1c', 'Blood pressure', 'Urine color', 'Zinc', ''), cell),
      Result: fc.oneof(number, fc.constantFrom('negative', 'see note', 'Yellow')),
      'Collection Date': date,
    },
    {
      Units: fc.oneof(fc.constantFrom('mg/dL', 'mmol/L', '%', 'kg', 'mmHg', 'furlongs', ''), cell),
      'Reference Range': fc.oneof(fc.constantFrom('70-99', '<200', '>= 40', '99-70', 'negative', ''), cell),
      Notes: cell,
    },
  );
  const anyText = fc.oneof(device, lab, table, fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }));
  const zone = fc.constantFrom('UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata');

  /** The lines of a text as an editor numbers them. */
  const lineCount = (text: string) => text.split(/\r\n|\r|\n/).length;

  /** Every data row is a reading's line, a refusal or a skip, and each refusal names its line. */
  function accountedFor(csv: ParsedCsv, result: CsvRead, text: string) {
    const dataLines = csv.rows.map((row) => row.line);
    const seen = new Set([...lines(result.readings), ...lines(result.refusals), ...lines(result.skipped)]);
    expect([...seen].sort((a, b) => a - b)).toEqual(dataLines);
    expect(lines(result.refusals).length + lines(result.skipped).length).toBe(new Set([...lines(result.refusals), ...lines(result.skipped)]).size);
    for (const line of dataLines) {
      expect(line).toBeGreaterThan(csv.headerLine);
      expect(line).toBeLessThanOrEqual(lineCount(text));
    }
    expect(lines(result.readings).filter((line) => lines(result.refusals).includes(line) || lines(result.skipped).includes(line))).toEqual([]);
    for (const refusal of result.refusals) expect(refusal.message.startsWith(`line ${refusal.line}: `)).toBe(true);
    // Without quotes, and with one kind of line break (a lone \n in a file of \r\n is in a cell, not between rows), a
    // row's cells are its line's in the file, split at the delimiter.
    const breaks = new Set(text.match(/\r\n|\r|\n/g));
    if (!text.includes('"') && breaks.size <= 1) {
      const fileLines = text.split(/\r\n|\r|\n/);
      for (const row of csv.rows) {
        const cells = fileLines[row.line - 1]!.split(csv.delimiter).map((text) => text.trim());
        expect(csv.headers.map((_, index) => cells[index] ?? '')).toEqual(row.cells);
      }
    }
    for (const reading of result.readings) expect(Number.isNaN(reading.takenAt.getTime())).toBe(false);
  }

  it('gives readings or refusals with their lines (or a message for the whole file), and never throws', () => {
    fc.assert(
      fc.property(anyText, zone, (text, timeZone) => {
        const result = parseCsv(text);
        if (!result.ok) {
          expect([NO_HEADER, TOO_MANY_ROWS]).toContain(result.message);
          return;
        }
        const { csv } = result;
        const mapping = suggestMapping(csv.headers, csv.rows);
        if (mapping === null) return;
        expect(CsvMapping.safeParse(mapping).success).toBe(true);
        expect(mappingProblems(csv.headers, mapping)).toEqual([]);
        const read = readReadings(csv, mapping, timeZone, NOW);
        accountedFor(csv, read, text);
        expect(CsvPreview.safeParse(z.encode(CsvPreview, previewOf(csv, mapping, read))).success).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('reads with any mapping of its columns the contract lets through', () => {
    const mappingFor = (headers: string[]) => {
      const column = fc.constantFrom(...headers);
      const order = fc.constantFrom('year-first', 'month-first', 'day-first');
      return fc.oneof(
        fc.record({
          layout: fc.constant('columns'),
          date: column,
          dateOrder: order,
          measures: fc.array(fc.record({ column, code: fc.constantFrom(...MEASURE_CODES.slice(0, 12), GLUCOSE, BLOOD_PRESSURE) }), { minLength: 1, maxLength: 3 }),
        }),
        fc.record({ layout: fc.constant('rows'), date: column, dateOrder: order, measure: column, value: column, unit: column, range: column }, { requiredKeys: ['layout', 'date', 'dateOrder', 'measure', 'value'] }),
      );
    };
    fc.assert(
      fc.property(
        fc.oneof(device, lab, table).chain((text) => {
          const result = parseCsv(text);
          const headers = result.ok ? result.csv.headers.filter((name) => name.trim() !== '' && name.length <= 200) : [];
          return fc.tuple(fc.constant(text), headers.length > 0 ? mappingFor(headers) : fc.constant(null));
        }),
        zone,
        ([text, candidate], timeZone) => {
          const mapping = CsvMapping.safeParse(candidate);
          const result = parseCsv(text);
          if (!mapping.success || !result.ok || mappingProblems(result.csv.headers, mapping.data).length > 0) return;
          accountedFor(result.csv, readReadings(result.csv, mapping.data, timeZone, NOW), text);
        },
      ),
      { numRuns: 400 },
    );
  });
});
