import { z } from 'zod';
import { BLOOD_PRESSURE, MEASURE_CODES } from '../rules/measures';
import { idNumber, instant, type Json } from './common';

// Readings imported from a CSV file (issue 35): the patient says which columns hold the date, the measures, the values
// and the units (the mapping; without one the server suggests one from the headers and the data), sees a preview (how
// many readings, the refused lines and why, a sample), and confirms. Nothing is written before the confirmation, and a
// reading already stored (the same file twice) is not written again. The reading of the text is
// src/server/observations/csv-readings.ts.

/**
 * The largest CSV text a patient sends, in bytes of UTF-8: about three months of a CGM's readings every five minutes (a
 * Dexcom Clarity line is some 80 bytes). A longer export is imported in parts.
 */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;
/** The most data rows a file has (lines after the header that are not empty). */
export const CSV_MAX_ROWS = 50_000;
/** The measure columns one mapping reads: a cuff has three, a meter one or two, a lab's wide export a handful. */
export const CSV_MAX_MEASURES = 10;
/** The refused and skipped lines a preview lists (each list also has its full count). */
export const CSV_LISTED_LINES = 100;
/** The readings a preview shows, as the file's first ones. */
export const CSV_SAMPLE_SIZE = 20;

/** How a file's readings are laid out: a row per time with a column per measure (a device), or a row per result (a lab). */
export const CSV_LAYOUTS = ['columns', 'rows'] as const;
export type CsvLayout = (typeof CSV_LAYOUTS)[number];

/**
 * The order of a date's numbers: 2025-11-03 (year first), 11/03/2025 (month first, the US), 03.11.2025 (day first).
 * A date that starts with four digits is always read year first; the order decides between day and month otherwise.
 */
export const DATE_ORDERS = ['year-first', 'month-first', 'day-first'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

const HEADER_MESSAGE = 'must be the name of a column of the file, as its header line writes it';
const header = z.string({ message: HEADER_MESSAGE }).trim().min(1, HEADER_MESSAGE).max(200, 'must be at most 200 characters');
const optionalHeader = header.optional();
const dateOrder = z
  .enum(DATE_ORDERS, { message: `must be one of ${DATE_ORDERS.join(', ')}` })
  .meta({ description: 'The order of the date\'s numbers when it does not start with the year: 11/03/2025 is month-first in the US, day-first in Europe' });

const UNIT_MESSAGE = 'must be a unit such as mg/dL';
const unit = z
  .string({ message: UNIT_MESSAGE })
  .trim()
  .min(1, UNIT_MESSAGE)
  .max(50, 'must be at most 50 characters')
  .meta({ description: "The unit as the file or the patient writes it ('mg/dL', 'mmol/L', 'lbs'); the server reads it as UCUM" });

/** One measure of the 'columns' layout: its column, and blood pressure's second. */
export const CsvMeasureColumn = z
  .object({
    column: header,
    code: z.enum(MEASURE_CODES, { message: 'must be the LOINC code of a measure HealthAssist knows' }),
    secondColumn: optionalHeader.meta({
      description: "Blood pressure's diastolic column, when the systolic is in `column`; without it, `column` holds both ('128/82')",
    }),
    unit: unit.optional().meta({
      description: 'The unit of the column, when its header does not say it and it is not the measure\'s own unit',
    }),
  })
  .meta({ id: 'CsvMeasureColumn' });

const LAYOUT_MESSAGE = `must be one of ${CSV_LAYOUTS.join(', ')}`;

/**
 * Which columns hold what, by the names of the file's header line. 'columns': one row per time, a column per measure (a
 * glucose meter's 'Historic Glucose mg/dL'; a cuff's Systolic, Diastolic and Pulse). 'rows': one row per result, as a
 * lab writes them (Test, Result, Units, Reference Range, Date).
 */
export const CsvMapping = z
  .discriminatedUnion(
    'layout',
    [
      z.object({
        layout: z.literal('columns'),
        date: header.meta({ description: 'The column of the date, or of the date and time' }),
        time: optionalHeader.meta({ description: 'The column of the time, when it has its own' }),
        dateOrder,
        measures: z
          .array(CsvMeasureColumn, { message: 'must be a list of the columns to read' })
          .min(1, 'must name at least one column to read')
          .max(CSV_MAX_MEASURES, `must name at most ${CSV_MAX_MEASURES} columns`),
      }),
      z.object({
        layout: z.literal('rows'),
        date: header.meta({ description: 'The column of the date, or of the date and time' }),
        time: optionalHeader.meta({ description: 'The column of the time, when it has its own' }),
        dateOrder,
        measure: header.meta({ description: "The column that names the test: 'Glucose', 'Hemoglobin A1c'" }),
        value: header.meta({ description: "The column of the result: '92', '<5', '128/82', 'negative'" }),
        unit: optionalHeader.meta({ description: "The column of the result's unit" }),
        range: optionalHeader.meta({ description: "The column of the lab's reference range: '70-99', '<200', '>=40'" }),
      }),
    ],
    {
      error: (issue) => {
        if (issue.code === 'invalid_union') return { message: LAYOUT_MESSAGE, path: ['layout'] };
        if (issue.code === 'invalid_type') return `must be a mapping: an object whose layout is one of ${CSV_LAYOUTS.join(', ')}`;
        return undefined;
      },
    },
  )
  .superRefine((mapping, ctx) => {
    // Each column holds one thing: the date's column is not read as a measure, nor a measure twice.
    const used = new Map<string, string>();
    const claim = (name: string | undefined, path: (string | number)[], what: string) => {
      if (name === undefined) return;
      const before = used.get(name);
      if (before) ctx.addIssue({ code: 'custom', message: `'${name}' is already ${before}`, path });
      else used.set(name, what);
    };
    claim(mapping.date, ['date'], 'the date column');
    claim(mapping.time, ['time'], 'the time column');
    if (mapping.layout === 'rows') {
      claim(mapping.measure, ['measure'], 'the column naming the test');
      claim(mapping.value, ['value'], 'the result column');
      claim(mapping.unit, ['unit'], 'the unit column');
      claim(mapping.range, ['range'], 'the reference range column');
      return;
    }
    mapping.measures.forEach((measure, index) => {
      claim(measure.column, ['measures', index, 'column'], `read as measure ${index + 1}`);
      claim(measure.secondColumn, ['measures', index, 'secondColumn'], `read as measure ${index + 1}'s second column`);
      if (measure.secondColumn !== undefined && measure.code !== BLOOD_PRESSURE) {
        ctx.addIssue({
          code: 'custom',
          message: `only blood pressure (${BLOOD_PRESSURE}) has a second column, its diastolic`,
          path: ['measures', index, 'secondColumn'],
        });
      }
    });
  })
  .meta({ id: 'CsvMapping' });
export type CsvMapping = z.output<typeof CsvMapping>;

/** The bytes of a text in UTF-8, counted without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

const CSV_MESSAGE = 'must be the text of a CSV file';
const TOO_LARGE = `must be at most ${CSV_MAX_BYTES / 1024 / 1024} MB`;

/**
 * POST /api/observations/import: the file's text and, once the patient has seen it, the mapping. Without a mapping the
 * answer suggests one; without `confirm` nothing is written (a preview). A confirmation sends the mapping it previewed.
 */
export const CsvImportBody = z
  .object({
    userId: idNumber,
    csv: z
      .string({ message: CSV_MESSAGE })
      .min(1, 'must not be empty')
      // A character is at least one byte: a text this long is refused before it is counted.
      .max(CSV_MAX_BYTES, TOO_LARGE)
      .refine((text) => utf8Length(text) <= CSV_MAX_BYTES, TOO_LARGE),
    mapping: CsvMapping.optional(),
    confirm: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .refine((body) => body.confirm !== true || body.mapping !== undefined, {
    message: 'must be sent with confirm: the mapping the preview showed',
    path: ['mapping'],
  });
export type CsvImportBody = z.input<typeof CsvImportBody>;

const line = z.int().positive().meta({ description: 'The line of the file, counted from 1 as a text editor shows it' });

export const CsvRefusal = z
  .object({
    line,
    message: z.string().meta({ description: "What is wrong, with its line and column: \"line 7: Glucose (mg/dL): 'HI' is not a number …\"" }),
  })
  .meta({ id: 'CsvRefusal', description: 'A line not imported because something in it is wrong' });
export type CsvRefusal = Json<typeof CsvRefusal>;

export const CsvSkip = z
  .object({
    line,
    reason: z.string().meta({ description: "Why it holds no reading: 'empty line', 'no value in Glucose (mg/dL)', 'no date in Date', 'no result for HDL'" }),
  })
  .meta({ id: 'CsvSkip', description: 'A line that holds no reading, and is not one either: nothing is wrong with it' });
export type CsvSkip = Json<typeof CsvSkip>;

/** A reading as the preview shows it, as the patient will read it once imported. */
export const CsvSampleReading = z
  .object({
    line,
    code: z.string().meta({ description: 'LOINC' }),
    name: z.string(),
    takenAt: instant,
    value: z.string().meta({ description: "As the file gave it: '5.4', '<5', '128/82', 'negative'" }),
    unit: z.string().nullable().meta({ description: "The unit as shown ('mg/dL', 'mmHg', 'lb'); null for words" }),
  })
  .meta({ id: 'CsvSampleReading' });
export type CsvSampleReading = Json<typeof CsvSampleReading>;

const count = z.int().nonnegative();

/** The answer of an import: what the file holds read with the mapping, and (on a confirmation) what was written. */
export const CsvPreview = z
  .object({
    headers: z.array(z.string()).meta({ description: 'The names of the columns, from the header line' }),
    headerLine: line.meta({ description: 'The line of the header, after any lines an export writes before it' }),
    mapping: CsvMapping.nullable().meta({ description: 'The mapping read with: the one sent, or the one suggested; null when none could be guessed' }),
    readings: count.meta({ description: 'The readings the file holds with this mapping, duplicates included' }),
    duplicates: count.meta({ description: 'Of these, the ones already stored or given twice in the file: never written again' }),
    added: count.meta({ description: 'The readings written: 0 on a preview' }),
    refusals: z.array(CsvRefusal).max(CSV_LISTED_LINES).meta({ description: `The first ${CSV_LISTED_LINES} refused lines` }),
    refusedCount: count.meta({ description: 'All the refused lines' }),
    skipped: z.array(CsvSkip).max(CSV_LISTED_LINES).meta({ description: `The first ${CSV_LISTED_LINES} lines without a reading` }),
    skippedCount: count,
    sample: z.array(CsvSampleReading).max(CSV_SAMPLE_SIZE).meta({ description: `The first ${CSV_SAMPLE_SIZE} readings` }),
  })
  .meta({ id: 'CsvPreview' });
export type CsvPreview = Json<typeof CsvPreview>;
