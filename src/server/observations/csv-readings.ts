// @ts-expect-error -- papaparse ships no types and @types/papaparse is not installed: `Papa` below types what is used.
import PapaUntyped from 'papaparse';
import { TZDate, tzOffset } from '@date-fns/tz';
import type { z } from 'zod';
import {
  CSV_LISTED_LINES,
  CSV_MAX_MEASURES,
  CSV_MAX_ROWS,
  CSV_SAMPLE_SIZE,
  type CsvMapping,
  type CsvPreview,
  type DateOrder,
} from '../../shared/contracts/observation-csv';
import { BLOOD_PRESSURE, measureByWords, measureOf, measureTitle, type Measure } from '../../shared/rules/measures';
import { BLOOD_PRESSURE_UNIT, givenValueWords, type Comparator, type ObservationValue } from '../../shared/rules/observations';
import { toChartValue, ucumUnitOf } from './units';

// Readings from a CSV file (issue 35), pure: the text into rows with their lines in the file (parseCsv), a mapping
// guessed from the headers and the data (suggestMapping), and the rows read with a mapping into readings, refused lines
// and skipped ones (readReadings). The service previews, drops duplicates (readingKey) and writes.
//
// Decisions, each for a reason:
// - A line number is the file's, counted from 1 as a text editor counts it (a quoted cell over two lines counts both),
//   so that a patient finds 'line 7' where their editor shows it.
// - A date without a time is taken at 00:00 on the patient's clock: the start of the day the lab named, as FHIR reads a
//   date alone (the day, whose start it is). Noon would be a time no one measured; midnight sorts the result first in
//   its day, and shows on the patient's clock as the day the file says.
// - A date and time without an offset is on the patient's clock (their profile's zone); one with an offset ('Z',
//   '+01:00') is that instant. A time the clock skipped (02:30 on the night it springs forward) lands the gap's length
//   later; a time it passed twice is the first.
// - A meter's 'HI' and 'LO' (Dexcom writes 'High' and 'Low') are refused, not stored as a limit: the meter did not say
//   which limit, and a patient should see that the reading is missing.
// - A decimal comma ('5,4') is read in a file whose cells are separated by ';' or tabs, never in one separated by
//   commas, where '1,234' could as well be a thousand.
// - A row with one thing wrong is refused whole, with every problem it has: the patient corrects the line and imports
//   again, and the readings of the line already imported are not written twice (readingKey).
// - A row without a date or without any value is skipped, said so, not refused: exports write such rows on purpose
//   (Dexcom's patient and alert settings; a LibreView food or insulin note).
// - Blood pressure is two numbers: from two columns (Systolic, Diastolic) or one ('128/82'); one number alone is refused.
// - A unit: the mapping's, else the row's unit column, else one written after the number in its cell, else the
//   header's ('Historic Glucose mg/dL', 'Systolic (mmHg)'), else the measure's own; it must be one UCUM converts to the
//   measure's unit.

interface PapaStep {
  data: string[];
  errors: { code: string }[];
  meta: { cursor: number; delimiter: string };
}
interface PapaApi {
  parse(
    text: string,
    config: { delimitersToGuess: string[]; step: (results: PapaStep, parser: { abort(): void }) => void },
  ): void;
}
const Papa = PapaUntyped as PapaApi;

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Lines an export may write before its header (LibreView one, others a few): the header is looked for in these rows. */
const HEADER_SEARCH_ROWS = 50;

/** A data row: its line in the file and its cells, trimmed (as many as the headers, '' for a missing one). */
export interface CsvRow {
  line: number;
  cells: string[];
  /** A quote opened in this row is never closed: the rest of the file went into one cell. */
  unclosedQuote?: true;
}

export interface ParsedCsv {
  delimiter: CsvDelimiter;
  /** The line of the header in the file. */
  headerLine: number;
  /** The columns' names, trimmed; a column without one is 'Column 4', a name given twice gets ' (2)'. */
  headers: string[];
  /** The rows after the header, trailing empty lines left out (an empty line between two rows is kept). */
  rows: CsvRow[];
}

export type CsvParse = { ok: true; csv: ParsedCsv } | { ok: false; message: string };

export const NO_HEADER = 'must have a header line naming its columns (at least two, such as Date and Glucose) and rows of readings under it';
export const TOO_MANY_ROWS = `must have at most ${CSV_MAX_ROWS.toLocaleString('en-US')} rows`;

const isBlank = (cell: string) => cell === '';
const filledCount = (cells: readonly string[]) => cells.reduce((count, cell) => count + (isBlank(cell) ? 0 : 1), 0);

/** A cell that is a reading's number, date or time rather than a column's name. */
const DATA_LIKE = /^(?:[<>]=?|[≤≥])?\s*[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$|^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|^\d{1,2}:\d{2}/;
const looksLikeData = (cell: string) => DATA_LIKE.test(cell);

/** Counts the lines of a text up to offsets that only go forward: '\r\n', '\n' and '\r' each end one. */
function lineCounter(text: string) {
  let position = 0;
  let line = 1;
  return (offset: number): number => {
    for (; position < offset && position < text.length; position++) {
      const character = text.charCodeAt(position);
      if (character === 10) line++;
      else if (character === 13 && text.charCodeAt(position + 1) !== 10) line++;
    }
    return line;
  };
}

/**
 * The header: the first row with at least two names (no cell of it a number or a date) that a row with data follows and
 * that names at least half its cells; failing that, the first row with two cells. Exports write lines before it
 * (LibreView: 'Glucose Data,Generated on,…', which has a date and is passed over).
 */
function headerIndex(rows: readonly { cells: string[] }[]): number {
  const searched = rows.slice(0, HEADER_SEARCH_ROWS);
  for (let index = 0; index < searched.length; index++) {
    const { cells } = searched[index]!;
    const filled = filledCount(cells);
    if (filled < 2 || filled * 2 < cells.length || cells.some(looksLikeData)) continue;
    let next = index + 1;
    while (next < rows.length && filledCount(rows[next]!.cells) === 0) next++;
    if (rows[next]?.cells.some(looksLikeData)) return index;
  }
  return searched.findIndex((row) => filledCount(row.cells) >= 2);
}

/** Every column named, and each name once, so that a mapping names one column. */
function uniqueHeaders(cells: readonly string[], width: number): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: width }, (_, index) => {
    const name = cells[index] || `Column ${index + 1}`;
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return times === 1 ? name : `${name} (${times})`;
  });
}

/**
 * A CSV text into its header and data rows, each with its line in the file. The delimiter (',' ';' or a tab) is
 * guessed from the text; a byte order mark is dropped; quoted cells may hold the delimiter, quotes and line breaks.
 * Refused whole ({ ok: false }, a message for the `csv` field) when it has no header or too many rows.
 */
export function parseCsv(text: string): CsvParse {
  // Every byte order mark at the start goes: papaparse drops one itself, which would shift its offsets from ours.
  const source = text.replace(/^\uFEFF+/, '');
  if (source.trim() === '') return { ok: false, message: NO_HEADER };
  const lineAt = lineCounter(source);
  const raw: { line: number; cells: string[]; unclosedQuote: boolean }[] = [];
  let delimiter: CsvDelimiter = ',';
  let start = 0;
  let filledRows = 0;
  let tooMany = false;
  Papa.parse(source, {
    delimitersToGuess: [...CSV_DELIMITERS],
    step: (results, parser) => {
      delimiter = (CSV_DELIMITERS as readonly string[]).includes(results.meta.delimiter) ? (results.meta.delimiter as CsvDelimiter) : ',';
      // Papa names the offset a row ends at (past its line break); the next row starts there.
      const line = lineAt(start);
      start = results.meta.cursor;
      const cells = results.data.map((cell) => String(cell).trim());
      raw.push({ line, cells, unclosedQuote: results.errors.some((error) => error.code === 'MissingQuotes') });
      if (filledCount(cells) > 0) filledRows++;
      // Past what a header search and the rows allowed can hold: stop reading (a text of 2 MB holds some 10^6 rows).
      if (filledRows > HEADER_SEARCH_ROWS + CSV_MAX_ROWS + 1) {
        tooMany = true;
        parser.abort();
      }
    },
  });
  if (tooMany) return { ok: false, message: TOO_MANY_ROWS };
  const header = headerIndex(raw);
  if (header < 0) return { ok: false, message: NO_HEADER };
  let end = raw.length;
  while (end > header + 1 && filledCount(raw[end - 1]!.cells) === 0) end--;
  const dataRows = raw.slice(header + 1, end);
  if (dataRows.filter((row) => filledCount(row.cells) > 0).length > CSV_MAX_ROWS) return { ok: false, message: TOO_MANY_ROWS };
  const headerCells = raw[header]!.cells;
  let width = headerCells.length;
  while (width > 0 && isBlank(headerCells[width - 1]!)) width--;
  const headers = uniqueHeaders(headerCells, width);
  const rows = dataRows.map((row): CsvRow => {
    const cells = Array.from({ length: width }, (_, index) => row.cells[index] ?? '');
    return row.unclosedQuote ? { line: row.line, cells, unclosedQuote: true } : { line: row.line, cells };
  });
  return { ok: true, csv: { delimiter, headerLine: raw[header]!.line, headers, rows } };
}

// Numbers, dates and times.

const NUMBER = String.raw`[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)`;
const QUANTITY = new RegExp(String.raw`^(<=|>=|<|>|≤|≥)?\s*(${NUMBER})(?:\s*(\S.*))?$`);
const COMPARATORS: Record<string, Comparator> = { '<': '<', '<=': '<=', '≤': '<=', '>': '>', '>=': '>=', '≥': '>=' };
/** The largest number a reading holds (contracts/observations.ts). */
const MAX_READING = 1_000_000;

/** A number as written in a file of this delimiter: a decimal comma only where commas do not separate cells. */
const NUMBER_ONLY = new RegExp(`^${NUMBER}$`);
function numberOf(text: string, decimalComma: boolean): number | null {
  if (!NUMBER_ONLY.test(text)) return null;
  if (text.includes(',') && !decimalComma) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
function monthOfName(word: string): number | null {
  const name = word.toLowerCase();
  const index = FULL_MONTHS.findIndex((full, month) => full === name || MONTH_NAMES[month] === name || (name === 'sept' && month === 8));
  return index < 0 ? null : index + 1;
}

const TIME = String.raw`(\d{1,2})[:h](\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(?:\s*([ap])\.?\s*m\.?)?`;
const ZONE = String.raw`(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)`;
const TAIL = String.raw`(?:(?:\s*t\s*|\s+|\s*,\s*)(?:at\s+)?${TIME})?(?:\s*${ZONE})?`;
const NUMERIC_DATE = new RegExp(String.raw`^(\d{1,4})([-/.])(\d{1,2})\2(\d{1,4})${TAIL}$`, 'i');
const DAY_MONTH_NAME = new RegExp(String.raw`^(\d{1,2})[-\s.]+([a-z]{3,9})\.?[-\s.,]+(\d{4})${TAIL}$`, 'i');
const MONTH_NAME_DAY = new RegExp(String.raw`^(?:[a-z]{3,9},?\s+)?([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})${TAIL}$`, 'i');
const TIME_ONLY = new RegExp(String.raw`^${TIME}(?:\s*${ZONE})?$`, 'i');

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC when the text gave an offset; null on the patient's clock. */
  offset: number | null;
  /** Day and month could be the other way round (both 12 or less, the year not first). */
  ambiguous: boolean;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const fullYear = (digits: string) => (digits.length <= 2 ? 2000 + Number(digits) : Number(digits));

/** [hour, minute, second] of a time's groups, or null when it is not a time of day. */
function clockOf(hourText: string | undefined, minuteText: string | undefined, secondText: string | undefined, half: string | undefined): [number, number, number] | null {
  if (hourText === undefined || minuteText === undefined) return [0, 0, 0];
  let hour = Number(hourText);
  const minute = Number(minuteText);
  const second = secondText === undefined ? 0 : Number(secondText);
  if (half) {
    if (hour > 12) return null;
    const pm = half.toLowerCase() === 'p';
    if (hour === 12) hour = pm ? 12 : 0;
    else if (pm) hour += 12;
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return [hour, minute, second];
}

function offsetOf(zone: string | undefined): number | null {
  if (zone === undefined) return null;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return 0; // Z, UTC, GMT
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

type Dated = { ok: true; clock: WallClock } | { ok: false; problem: string };

const ORDER_WORDS: Record<DateOrder, string> = {
  'year-first': 'year, month, day',
  'month-first': 'month, day, year',
  'day-first': 'day, month, year',
};

/** A cell as a message quotes it: its first 40 characters. */
const quoted = (cell: string) => `'${cell.length > 40 ? `${cell.slice(0, 40)}…` : cell}'`;

/** The longest cell read as a date or a value: longer ones are not (and no pattern spends its time on them). */
const LONGEST_CELL = 200;

/** A date, or a date and time, as exports write them; the order decides between 03/11 as March or November. */
function readDate(text: string, order: DateOrder): Dated {
  const notADate = { ok: false as const, problem: `${quoted(text)} is not a date (such as 2025-11-03 or 11/03/2025 08:30)` };
  if (text.length > LONGEST_CELL) return notADate;
  let year: number, month: number, day: number;
  let ambiguous = false;
  let rest: (string | undefined)[];
  const numeric = NUMERIC_DATE.exec(text);
  const dayName = numeric ? null : DAY_MONTH_NAME.exec(text);
  const nameDay = numeric || dayName ? null : MONTH_NAME_DAY.exec(text);
  if (numeric) {
    const [first, , second, third] = [numeric[1]!, numeric[2], numeric[3]!, numeric[4]!];
    if (first.length === 3) return notADate;
    if (first.length === 4) {
      if (third.length > 2) return notADate;
      [year, month, day] = [Number(first), Number(second), Number(third)];
    } else if (order === 'year-first') {
      if (third.length > 2) return { ok: false, problem: `${quoted(text)} is not in the order ${ORDER_WORDS[order]}` };
      [year, month, day] = [fullYear(first), Number(second), Number(third)];
    } else {
      if (third.length !== 2 && third.length !== 4) return notADate;
      year = fullYear(third);
      [month, day] = order === 'month-first' ? [Number(first), Number(second)] : [Number(second), Number(first)];
      ambiguous = Number(first) <= 12 && Number(second) <= 12 && first !== second;
    }
    rest = numeric.slice(5);
  } else if (dayName) {
    const named = monthOfName(dayName[2]!);
    if (named === null) return notADate;
    [year, month, day] = [Number(dayName[3]), named, Number(dayName[1])];
    rest = dayName.slice(4);
  } else if (nameDay) {
    const named = monthOfName(nameDay[1]!);
    if (named === null) return notADate;
    [year, month, day] = [Number(nameDay[3]), named, Number(nameDay[2])];
    rest = nameDay.slice(4);
  } else return notADate;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    // Read in the mapping's order, it may be the order that is wrong; a date with its year first or its month named is not a day.
    const readInOrder = numeric !== null && numeric[1]!.length <= 2;
    return { ok: false, problem: `${quoted(text)} is not a ${readInOrder ? `date in the order ${ORDER_WORDS[order]}` : 'day of the calendar'}` };
  }
  const clock = clockOf(rest[0], rest[1], rest[2], rest[3]);
  if (!clock) return { ok: false, problem: `${quoted(text)} does not have a time of day HealthAssist can read` };
  return { ok: true, clock: { year, month, day, hour: clock[0], minute: clock[1], second: clock[2], offset: offsetOf(rest[4]), ambiguous } };
}

function readTime(text: string): { ok: true; clock: [number, number, number]; offset: number | null } | { ok: false; problem: string } {
  const match = text.length > LONGEST_CELL ? null : TIME_ONLY.exec(text);
  const clock = match && clockOf(match[1], match[2], match[3], match[4]);
  if (!match || !clock) return { ok: false, problem: `${quoted(text)} is not a time of day (such as 08:30 or 8:30 AM)` };
  return { ok: true, clock, offset: offsetOf(match[5]) };
}

const DAY_MS = 86_400_000;

/**
 * A zone's offset (minutes) through each day of the wall clock, or null for a day near which its clock changes: asking
 * the zone for each of 50,000 readings takes seconds. Offsets are within ±14 h, so the instants of a wall day are
 * between the day before and the day after it; the same offset at both, and the day has it (no zone has changed its
 * clock twice in three days, as rules/medication-schedule.ts's localInstant also holds).
 */
const OFFSETS = new Map<string, number | null>();

function instantOf(clock: WallClock, timeZone: string): Date {
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  if (clock.offset !== null) return new Date(wall - clock.offset * 60_000);
  const day = Math.floor(wall / DAY_MS) * DAY_MS;
  const key = `${timeZone} ${day}`;
  let offset = OFFSETS.get(key);
  if (offset === undefined) {
    const [before, after] = [day - DAY_MS, day + 2 * DAY_MS].map((time) => tzOffset(timeZone, new Date(time)));
    offset = before === after ? before! : null;
    if (OFFSETS.size >= 20_000) OFFSETS.clear();
    OFFSETS.set(key, offset);
  }
  if (offset !== null) return new Date(wall - offset * 60_000);
  // A day the clock changes: @date-fns/tz finds the offset of the wall clock, in a gap or in a repeated hour.
  return new Date(new TZDate(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second, timeZone).getTime());
}

// The mapping's columns and units.

/** A header's last word that is a unit ('Historic Glucose mg/dL', 'Weight lbs'); not a letter or two ('Vitamin D', 'Free T4'). */
const TRAILING_UNIT = /^(?:\S*\/\S*|%|kg|g|lbs?|mmhg|bpm|cm|mm|in|°[cf]|deg[cf]|percent)$/i;

/** The unit a header names: in brackets ('Systolic (mmHg)', 'Bg [mmol/L]') or as its last word ('Historic Glucose mg/dL'). */
export function unitInHeader(header: string): string | undefined {
  const bracketed = [...header.matchAll(/[([]([^()[\]]+)[)\]]/g)].map((match) => match[1]!.trim());
  for (const text of bracketed.reverse()) {
    const unit = ucumUnitOf(text);
    if (unit !== undefined) return unit;
  }
  const words = header.replace(/[([][^()[\]]*[)\]]/g, ' ').trim().split(/\s+/);
  const last = words[words.length - 1]!;
  return words.length >= 2 && TRAILING_UNIT.test(last) ? ucumUnitOf(last) : undefined;
}

/** Why a unit (UCUM's code) is not one of the measure's, or null when it is. */
function unitProblem(measure: Measure, unit: string): string | null {
  if (measure.loinc === BLOOD_PRESSURE) return unit === BLOOD_PRESSURE_UNIT ? null : `'${unit}' is not a unit of ${measureTitle(measure)}`;
  const converted = toChartValue(measure, 1, unit);
  return 'refusal' in converted ? converted.refusal : null;
}

/** Names as a message lists them: the first 20, quoted. */
const quoteList = (names: readonly string[]) => `${names.slice(0, 20).map(quoted).join(', ')}${names.length > 20 ? ', …' : ''}`;

/**
 * What is wrong with a mapping for these headers, each as '{field}: {problem}' (ADR 2): a column the file does not have,
 * a unit HealthAssist does not know or that is not one of the measure's. An empty list: the mapping reads this file.
 */
export function mappingProblems(headers: readonly string[], mapping: CsvMapping): string[] {
  const problems: string[] = [];
  const column = (name: string | undefined, field: string) => {
    if (name !== undefined && !headers.includes(name)) problems.push(`mapping.${field}: ${quoted(name)} is not a column of the file (its columns: ${quoteList(headers)})`);
  };
  column(mapping.date, 'date');
  column(mapping.time, 'time');
  if (mapping.layout === 'rows') {
    column(mapping.measure, 'measure');
    column(mapping.value, 'value');
    column(mapping.unit, 'unit');
    column(mapping.range, 'range');
    return problems;
  }
  mapping.measures.forEach((read, index) => {
    column(read.column, `measures.${index}.column`);
    column(read.secondColumn, `measures.${index}.secondColumn`);
    const measure = measureOf(read.code);
    if (!measure) {
      problems.push(`mapping.measures.${index}.code: must be the LOINC code of a measure HealthAssist knows`);
      return;
    }
    if (read.unit === undefined) return;
    const unit = ucumUnitOf(read.unit);
    const problem = unit === undefined ? `${quoted(read.unit)} is not a unit HealthAssist knows` : unitProblem(measure, unit);
    if (problem !== null) problems.push(`mapping.measures.${index}.unit: ${problem}`);
  });
  return problems;
}

// Suggesting a mapping.

/** A header's words, lower case, without brackets' contents and punctuation: 'Reference Range' → 'reference range'. */
const wordsOf = (header: string) =>
  header
    .toLowerCase()
    .replace(/[([][^()[\]]*[)\]]/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const DATE_HEADER = /\b(date|dates|datum|fecha|timestamp|time stamp|datetime|date time|collected|collection|taken|measured|when)\b/;
const TIME_HEADER = /^(time|time of day|measurement time|hour|uhrzeit|heure|zeit|hora)$/;
const TEST_HEADER = /^(test|tests|test name|test description|analyte|component|lab test|lab|observation|name|description|item|parameter|measure|measurement)$/;
const RESULT_HEADER = /^(result|results|result value|value|values|your value|your result|observed value|observation value|reading)$/;
const UNIT_HEADER = /^(unit|units|uom|unit of measure|units of measure|result unit|result units)$/;
const RANGE_HEADER = /^(reference range|reference ranges|reference interval|reference|ref range|ref|ref interval|normal range|normal|range|standard range|expected range|reference value|reference values)$/;

/** The share of a column's non-empty cells that pass a test (0 when it has none). */
function share(values: readonly string[], test: (value: string) => boolean): number {
  if (values.length === 0) return 0;
  return values.filter(test).length / values.length;
}

const parsesAsDate = (value: string) => readDate(value, 'month-first').ok || readDate(value, 'day-first').ok;
const hasTime = (value: string) => {
  const read = readDate(value, 'month-first');
  const dated = read.ok ? read : readDate(value, 'day-first');
  return dated.ok && /\d[:h]\d\d/.test(value);
};

/**
 * The order of the dates' numbers, from the data: a first number over 12 is a day (day-first), a second one over 12 a
 * day after its month (month-first). Dates that never say are day-first when written with dots (03.11.2025, as in
 * Europe), else month-first (as in the US); the preview shows the dates read so, and the patient may change it.
 */
function dateOrderOf(values: readonly string[]): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  let yearFirst = 0;
  let dots = 0;
  for (const value of values) {
    const match = /^(\d{1,4})([-/.])(\d{1,2})\2(\d{1,4})/.exec(value);
    if (!match) continue;
    const [first, separator, second] = [match[1]!, match[2], Number(match[3])];
    if (separator === '.') dots++;
    if (first.length >= 3) yearFirst++;
    else if (Number(first) > 12) dayFirst++;
    else if (second > 12) monthFirst++;
  }
  if (dayFirst + monthFirst === 0 && yearFirst > 0) return 'year-first';
  if (dayFirst !== monthFirst) return dayFirst > monthFirst ? 'day-first' : 'month-first';
  return dots > 0 ? 'day-first' : 'month-first';
}

const BLANK_VALUES = new Set(['-', '--', '---', '—', '–', 'n/a', 'na', 'null', 'none']);
/** A measure's cell that holds nothing: empty, or a dash some devices write for a number not measured. */
const isEmptyValue = (cell: string) => cell === '' || BLANK_VALUES.has(cell.toLowerCase());

/**
 * A mapping for a file, guessed from its headers and its data, or null when none could be (no date column, or no
 * column of a measure HealthAssist knows). A lab's export (a column naming the test and one of its result) is read in
 * rows; any other with columns named by measures ('Glucose (mg/dL)', 'Systolic (mmHg)', 'Weight (kg)').
 */
export function suggestMapping(headers: readonly string[], rows: readonly CsvRow[]): CsvMapping | null {
  const filled = rows.filter((row) => row.cells.some((cell) => cell !== ''));
  const sample = filled.slice(0, 2000);
  const valuesOf = (index: number, from: readonly CsvRow[] = sample) =>
    from.map((row) => row.cells[index] ?? '').filter((cell) => !isEmptyValue(cell));
  // A mapping names a column by a name of 1 to 200 characters (the contract): a longer one is never suggested.
  const words = headers.map((header) => (header.length <= 200 ? wordsOf(header) : ''));
  const usable = (index: number) => words[index] !== '';

  // The date: a column named so whose cells are dates, else any column whose cells are.
  const dateShare = headers.map((_, index) => share(valuesOf(index), parsesAsDate));
  const named = headers
    .map((_, index) => index)
    .filter((index) => DATE_HEADER.test(words[index]!) && dateShare[index]! >= 0.5)
    .sort((a, b) => dateShare[b]! - dateShare[a]!);
  const dateIndex = named[0] ?? headers.findIndex((header, index) => header.length <= 200 && dateShare[index]! >= 0.9);
  if (dateIndex < 0) return null;
  const dateValues = valuesOf(dateIndex);
  const dateOrder = dateOrderOf(valuesOf(dateIndex, filled));

  // The time, when the date has none and a column of its own holds it.
  let timeIndex = -1;
  if (share(dateValues, hasTime) < 0.5) {
    timeIndex = headers.findIndex(
      (_, index) => index !== dateIndex && (TIME_HEADER.test(words[index]!) || words[index]!.startsWith('time')) && share(valuesOf(index), (value) => readTime(value).ok) >= 0.8,
    );
  }
  const date = headers[dateIndex]!;
  const time = timeIndex >= 0 ? headers[timeIndex] : undefined;
  const taken = new Set([dateIndex, timeIndex]);
  const find = (pattern: RegExp) => headers.findIndex((_, index) => !taken.has(index) && pattern.test(words[index]!));

  // A lab's rows: the test and its result.
  const testIndex = find(TEST_HEADER);
  const resultIndex = find(RESULT_HEADER);
  if (testIndex >= 0 && resultIndex >= 0 && testIndex !== resultIndex) {
    const unitIndex = find(UNIT_HEADER);
    const rangeIndex = find(RANGE_HEADER);
    return {
      layout: 'rows',
      date,
      ...(time === undefined ? {} : { time }),
      dateOrder,
      measure: headers[testIndex]!,
      value: headers[resultIndex]!,
      ...(unitIndex >= 0 && unitIndex !== testIndex && unitIndex !== resultIndex ? { unit: headers[unitIndex]! } : {}),
      ...(rangeIndex >= 0 && rangeIndex !== testIndex && rangeIndex !== resultIndex && rangeIndex !== unitIndex ? { range: headers[rangeIndex]! } : {}),
    };
  }

  // A device's columns: each named by a measure, its header's unit one of the measure's, its cells that measure's.
  const columns: { index: number; measure: Measure; values: number }[] = [];
  headers.forEach((header, index) => {
    if (taken.has(index) || !usable(index)) return;
    const measure = measureByWords(header);
    if (!measure) return;
    const unit = unitInHeader(header);
    // 'Ketone mmol/L' is a blood ketone, not the urine's words; 'Fat mass (kg)' would not be a percentage of fat.
    if (unit !== undefined && unitProblem(measure, unit) !== null) return;
    const values = valuesOf(index, filled);
    // A column of words is not a column of numbers: 'Glucose' notes beside the readings.
    if (measure.valueType !== 'text' && values.length > 0 && share(values.slice(0, 200), (value) => /\d/.test(value)) < 0.5) return;
    columns.push({ index, measure, values: values.length });
  });
  // Blood pressure's columns, paired: a systolic with the diastolic; a column of both ('128/82') alone.
  const systolic = columns.filter((c) => c.measure.loinc === BLOOD_PRESSURE && /\bsys/.test(words[c.index]!));
  const diastolic = columns.filter((c) => c.measure.loinc === BLOOD_PRESSURE && /\bdia/.test(words[c.index]!));
  const measures: (CsvMapping & { layout: 'columns' })['measures'] = [];
  const withValues = columns.filter((c) => c.values > 0);
  for (const c of withValues.length > 0 ? withValues : columns) {
    if (measures.length >= CSV_MAX_MEASURES) break;
    if (c.measure.loinc !== BLOOD_PRESSURE) {
      measures.push({ column: headers[c.index]!, code: c.measure.loinc });
      continue;
    }
    if (diastolic.includes(c)) continue;
    if (systolic.includes(c)) {
      const pair = diastolic[systolic.indexOf(c)];
      if (pair) measures.push({ column: headers[c.index]!, code: BLOOD_PRESSURE, secondColumn: headers[pair.index]! });
      continue;
    }
    measures.push({ column: headers[c.index]!, code: BLOOD_PRESSURE });
  }
  if (measures.length === 0) return null;
  return { layout: 'columns', date, ...(time === undefined ? {} : { time }), dateOrder, measures };
}

// Reading the rows.

export interface ReadingRange {
  low: number | null;
  high: number | null;
  text: string | null;
}

/** A reading read from a row: the value as the file gave it (its unit as UCUM writes it). */
export interface CsvReading {
  line: number;
  code: string;
  takenAt: Date;
  value: ObservationValue;
  referenceRange: ReadingRange | null;
}

export interface CsvRead {
  readings: CsvReading[];
  refusals: { line: number; message: string }[];
  skipped: { line: number; reason: string }[];
}

type Valued = { ok: true; value: ObservationValue } | { ok: false; problem: string };

const METER_LIMITS = new Map([
  ['hi', 'above the highest'],
  ['high', 'above the highest'],
  ['lo', 'below the lowest'],
  ['low', 'below the lowest'],
]);

function notANumber(cell: string, decimalComma: boolean): string {
  const limit = METER_LIMITS.get(cell.toLowerCase());
  if (limit) return `'${cell}' is not a number: a meter shows ${cell} for a reading ${limit} it can measure, so the reading is not known`;
  if (!decimalComma && /^[<>≤≥=]*\s*[+-]?\d+,\d+$/.test(cell)) return `'${cell}' is not a number: in a file whose cells are separated by commas, decimals are written with a point (5.4)`;
  return `${quoted(cell)} is not a number`;
}

/** Blood pressure's two numbers, from two cells or one ('128/82'). */
function readPressure(first: string, second: string | undefined, names: [string, string | undefined], decimalComma: boolean): Valued {
  let systolicText = first;
  let diastolicText = second;
  if (first.length > LONGEST_CELL || (second?.length ?? 0) > LONGEST_CELL) return { ok: false, problem: `is longer than ${LONGEST_CELL} characters` };
  if (second === undefined) {
    const both = /^(\S+?)\s*\/\s*(\S+?)(?:\s*mm\s*hg)?$/i.exec(first);
    if (!both) {
      return numberOf(first, decimalComma) === null
        ? { ok: false, problem: `${quoted(first)} is not a blood pressure (two numbers, such as 128/82)` }
        : { ok: false, problem: `'${first}' is one number: a blood pressure is two, such as 128/82` };
    }
    [systolicText, diastolicText] = [both[1]!, both[2]!];
  } else if (isEmptyValue(first) || isEmptyValue(second)) {
    const missing = isEmptyValue(first) ? names[0] : names[1];
    return { ok: false, problem: `a blood pressure is two numbers, and ${missing} is empty` };
  }
  const systolic = numberOf(systolicText, decimalComma);
  const diastolic = numberOf(diastolicText!, decimalComma);
  if (systolic === null) return { ok: false, problem: notANumber(systolicText, decimalComma) };
  if (diastolic === null) return { ok: false, problem: notANumber(diastolicText!, decimalComma) };
  if (systolic < 1 || systolic > 400 || diastolic < 1 || diastolic > 400) {
    return { ok: false, problem: `${systolic}/${diastolic} is not a blood pressure: each number is from 1 to 400 mmHg` };
  }
  if (diastolic >= systolic) return { ok: false, problem: `${systolic}/${diastolic} is not a blood pressure: the diastolic (second) is lower than the systolic` };
  return { ok: true, value: { type: 'blood-pressure', systolic, diastolic, unit: BLOOD_PRESSURE_UNIT } };
}

interface UnitChoice {
  /** The mapping's unit, or the row's unit cell: said for this value. */
  given?: string;
  /** The header's unit, as UCUM writes it. */
  header?: string;
}

/** A value of a measure, with its unit, or why it is not one. */
function readValue(measure: Measure, cell: string, units: UnitChoice, decimalComma: boolean, wordsAllowed: boolean): Valued {
  if (cell.length > LONGEST_CELL) return { ok: false, problem: `is longer than ${LONGEST_CELL} characters` };
  if (measure.valueType === 'text') return { ok: true, value: { type: 'text', text: cell } };
  const match = QUANTITY.exec(cell);
  const number = match ? numberOf(match[2]!, decimalComma) : null;
  const unitInCell = match?.[3];
  if (!match || number === null || (unitInCell !== undefined && ucumUnitOf(unitInCell) === undefined)) {
    // A lab's words for a number it did not give ('see note', 'not detected'), never a meter's HI or LO.
    if (wordsAllowed && !/\d/.test(cell) && !METER_LIMITS.has(cell.toLowerCase())) return { ok: true, value: { type: 'text', text: cell } };
    return { ok: false, problem: notANumber(cell, decimalComma) };
  }
  if (Math.abs(number) > MAX_READING) return { ok: false, problem: `${cell} is beyond what a reading holds (${MAX_READING.toLocaleString('en-US')})` };
  const written = units.given ?? unitInCell;
  const unit = written === undefined ? (units.header ?? measure.unit ?? '') : ucumUnitOf(written);
  if (unit === undefined) return { ok: false, problem: `${quoted(written!)} is not a unit HealthAssist knows` };
  // The conversion the service makes when it writes the reading: what it would refuse is refused here, with the line.
  const converted = toChartValue(measure, number, unit);
  if ('refusal' in converted) return { ok: false, problem: converted.refusal };
  return { ok: true, value: { type: 'quantity', number, comparator: match[1] ? COMPARATORS[match[1]]! : null, unit } };
}

const RANGE_BETWEEN = new RegExp(String.raw`^(${NUMBER})\s*(?:-|–|—|to)\s*(${NUMBER})$`, 'i');
const RANGE_BOUND = new RegExp(String.raw`^(<=|>=|<|>|≤|≥)\s*(${NUMBER})$`);

/** A lab's reference range: '70-99', '<200', '>=40', or words ('negative'); null when the cell is empty. */
function readRange(cell: string, decimalComma: boolean): ReadingRange | null {
  if (isEmptyValue(cell)) return null;
  if (cell.length > LONGEST_CELL) return { low: null, high: null, text: cell.slice(0, LONGEST_CELL) };
  const text = cell;
  const inRange = (value: number | null) => value !== null && Math.abs(value) <= MAX_READING;
  const between = RANGE_BETWEEN.exec(cell);
  if (between) {
    const [low, high] = [numberOf(between[1]!, decimalComma), numberOf(between[2]!, decimalComma)];
    if (inRange(low) && inRange(high) && low! <= high!) return { low, high, text: null };
  }
  const bound = RANGE_BOUND.exec(cell);
  if (bound) {
    const value = numberOf(bound[2]!, decimalComma);
    if (inRange(value)) {
      const below = bound[1]!.startsWith('<') || bound[1] === '≤';
      return below ? { low: null, high: value, text: null } : { low: value, high: null, text: null };
    }
  }
  return { low: null, high: null, text };
}

const orList = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;

/** Checks a time zone once, so that a wrong one is the caller's error, not every row's. */
function checkTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat('en-US', { timeZone });
}

/**
 * The readings of a file's rows with a mapping, on the patient's clock (`timeZone`, an IANA name): each row gives its
 * readings, or is refused (with its line and every problem), or skipped (with its line and why it holds no reading).
 * `now`: a reading after it is refused (a day and month read the wrong way round often lands in the future).
 *
 * Throws a RangeError for a mapping that `mappingProblems` refuses or a time zone that is not one: the caller checks
 * those first and answers a 400 for the mapping.
 */
export function readReadings(parsed: ParsedCsv, mapping: CsvMapping, timeZone: string, now: Date = new Date()): CsvRead {
  checkTimeZone(timeZone);
  const problems = mappingProblems(parsed.headers, mapping);
  if (problems.length > 0) throw new RangeError(problems.join('; '));
  const decimalComma = parsed.delimiter !== ',';
  const at = (name: string | undefined) => (name === undefined ? -1 : parsed.headers.indexOf(name));
  const dateIndex = at(mapping.date);
  const timeIndex = at(mapping.time);
  const latest = now.getTime() + 60_000;
  const result: CsvRead = { readings: [], refusals: [], skipped: [] };

  /** The instant of a row, or why it has none. */
  const takenAtOf = (cells: readonly string[]): { ok: true; at: Date } | { ok: false; problem: string } => {
    const dateText = cells[dateIndex]!;
    const timeText = timeIndex >= 0 ? cells[timeIndex]! : '';
    const dated = readDate(dateText, mapping.dateOrder);
    if (!dated.ok) return { ok: false, problem: `${mapping.date}: ${dated.problem}` };
    let clock = dated.clock;
    if (timeText !== '') {
      const timed = readTime(timeText);
      if (!timed.ok) return { ok: false, problem: `${mapping.time}: ${timed.problem}` };
      const [hour, minute, second] = timed.clock;
      clock = { ...clock, hour, minute, second, offset: timed.offset ?? clock.offset };
    }
    if (clock.year < 1900) return { ok: false, problem: `${mapping.date}: ${quoted(dateText)} is before 1900` };
    const taken = instantOf(clock, timeZone);
    if (taken.getTime() > latest) {
      const hint = clock.ambiguous ? ' (is the order of its day and month right?)' : '';
      return { ok: false, problem: `${mapping.date}: ${quoted([dateText, timeText].filter(Boolean).join(' '))} is in the future${hint}` };
    }
    return { ok: true, at: taken };
  };

  const refuse = (line: number, rowProblems: string[]) => result.refusals.push({ line, message: `line ${line}: ${rowProblems.join('; ')}` });

  /** A row refused or skipped before its cells are read, in either layout: a quote never closed, an empty line. */
  const setAside = (row: CsvRow): boolean => {
    if (row.unclosedQuote) refuse(row.line, ['a quote (") opened in this line is never closed, so the rest of the file is one cell']);
    else if (row.cells.every(isBlank)) result.skipped.push({ line: row.line, reason: 'empty line' });
    else return false;
    return true;
  };

  if (mapping.layout === 'columns') {
    const reads = mapping.measures.map((read) => ({
      read,
      index: at(read.column),
      secondIndex: at(read.secondColumn),
      measure: measureOf(read.code)!,
      header: unitInHeader(read.column),
    }));
    const names = mapping.measures.map((read) => read.column);
    for (const row of parsed.rows) {
      if (setAside(row)) continue;
      const present = reads.filter((r) => !isEmptyValue(row.cells[r.index]!) || (r.secondIndex >= 0 && !isEmptyValue(row.cells[r.secondIndex]!)));
      if (present.length === 0) {
        result.skipped.push({ line: row.line, reason: `no value in ${orList(names)}` });
        continue;
      }
      if (isBlank(row.cells[dateIndex]!)) {
        result.skipped.push({ line: row.line, reason: `no date in ${mapping.date}` });
        continue;
      }
      const taken = takenAtOf(row.cells);
      const rowProblems: string[] = taken.ok ? [] : [taken.problem];
      const values: CsvReading[] = [];
      for (const r of present) {
        const cell = row.cells[r.index]!;
        const valued =
          r.measure.loinc === BLOOD_PRESSURE && r.header !== undefined && r.header !== BLOOD_PRESSURE_UNIT
            ? { ok: false as const, problem: unitProblem(r.measure, r.header)! }
            : r.measure.loinc === BLOOD_PRESSURE
            ? readPressure(cell, r.secondIndex >= 0 ? row.cells[r.secondIndex]! : undefined, [r.read.column, r.read.secondColumn], decimalComma)
            : readValue(r.measure, cell, { given: r.read.unit, header: r.header }, decimalComma, false);
        if (!valued.ok) rowProblems.push(`${r.read.column}: ${valued.problem}`);
        else if (taken.ok) values.push({ line: row.line, code: r.measure.loinc, takenAt: taken.at, value: valued.value, referenceRange: null });
      }
      if (rowProblems.length > 0) refuse(row.line, rowProblems);
      else result.readings.push(...values);
    }
    return result;
  }

  const measureIndex = at(mapping.measure);
  const valueIndex = at(mapping.value);
  const unitIndex = at(mapping.unit);
  const rangeIndex = at(mapping.range);
  const valueHeaderUnit = unitInHeader(mapping.value);
  for (const row of parsed.rows) {
    if (setAside(row)) continue;
    const named = row.cells[measureIndex]!;
    const cell = row.cells[valueIndex]!;
    if (isEmptyValue(cell)) {
      result.skipped.push({ line: row.line, reason: named ? `no result for ${named}` : 'no result' });
      continue;
    }
    if (isBlank(row.cells[dateIndex]!)) {
      result.skipped.push({ line: row.line, reason: `no date in ${mapping.date}` });
      continue;
    }
    const taken = takenAtOf(row.cells);
    const rowProblems: string[] = taken.ok ? [] : [taken.problem];
    const measure = named ? (measureByWords(named) ?? null) : null;
    if (!named) rowProblems.push(`${mapping.measure}: is empty, so the result ${quoted(cell)} names no test`);
    else if (!measure) rowProblems.push(`${quoted(named)} is not a measure HealthAssist knows`);
    let value: ObservationValue | null = null;
    if (measure) {
      const unitCell = unitIndex >= 0 ? row.cells[unitIndex]! : '';
      const valued =
        measure.loinc === BLOOD_PRESSURE
          ? readPressure(cell, undefined, [mapping.value, undefined], decimalComma)
          : readValue(measure, cell, { given: isEmptyValue(unitCell) || measure.valueType === 'text' ? undefined : unitCell, header: valueHeaderUnit }, decimalComma, true);
      if (valued.ok) value = valued.value;
      else rowProblems.push(`${mapping.value}: ${valued.problem}`);
    }
    if (rowProblems.length > 0 || !taken.ok || !measure || !value) {
      refuse(row.line, rowProblems);
      continue;
    }
    const referenceRange = rangeIndex >= 0 ? readRange(row.cells[rangeIndex]!, decimalComma) : null;
    result.readings.push({ line: row.line, code: measure.loinc, takenAt: taken.at, value, referenceRange });
  }
  return result;
}

/** A number as a key writes it: nine significant digits, past which a conversion's floating point is noise. */
const keyNumber = (value: number) => String(Number(value.toPrecision(9)));

/**
 * A reading's identity for finding it twice: its measure, its minute and its value, a number in the measure's chart
 * unit (so that 100 mg/dL and 100 mg/dl, or 81.4 kg and 81400 g, are one reading) with its comparator; words whatever
 * their case and spacing. The same line read twice, or a stored reading (its code, takenAt and value as the row keeps
 * them), gives the same key; the reference range and the line do not count.
 */
export function readingKey(reading: { code: string; takenAt: Date; value: ObservationValue }): string {
  const minute = Math.floor(reading.takenAt.getTime() / 60_000);
  const { value } = reading;
  let shown: string;
  if (value.type === 'quantity') {
    const measure = measureOf(reading.code);
    const converted = measure ? toChartValue(measure, value.number, value.unit) : null;
    shown = converted && 'value' in converted ? `${value.comparator ?? ''}${keyNumber(converted.value)}` : `${value.comparator ?? ''}${keyNumber(value.number)} ${value.unit}`;
  } else if (value.type === 'blood-pressure') shown = `${keyNumber(value.systolic)}/${keyNumber(value.diastolic)}`;
  else shown = `"${value.text.trim().replace(/\s+/g, ' ').toLowerCase()}"`;
  return `${measureOf(reading.code)?.loinc ?? reading.code} ${minute} ${shown}`;
}


/** A unit as a patient reads it: the measure's symbol for it ('mmHg', 'lb', '°F'), else the UCUM code. */
function unitShown(measure: Measure | undefined, value: ObservationValue): string | null {
  if (value.type === 'text') return null;
  const displays = measure?.display ? Object.values(measure.display) : [];
  return displays.find((display) => display.ucum === value.unit)?.symbol ?? value.unit;
}

/**
 * The answer of an import (CsvPreview): the file's headers, the mapping read with (or null), the counts, the first
 * refused and skipped lines and the first readings. `duplicates` and `added` are the service's.
 */
export function previewOf(
  parsed: ParsedCsv,
  mapping: CsvMapping | null,
  read: CsvRead | null,
  counts: { duplicates: number; added: number } = { duplicates: 0, added: 0 },
): z.output<typeof CsvPreview> {
  const readings = read?.readings ?? [];
  return {
    headers: parsed.headers,
    headerLine: parsed.headerLine,
    mapping,
    readings: readings.length,
    duplicates: counts.duplicates,
    added: counts.added,
    refusals: (read?.refusals ?? []).slice(0, CSV_LISTED_LINES),
    refusedCount: read?.refusals.length ?? 0,
    skipped: (read?.skipped ?? []).slice(0, CSV_LISTED_LINES),
    skippedCount: read?.skipped.length ?? 0,
    sample: readings.slice(0, CSV_SAMPLE_SIZE).map((reading) => {
      const measure = measureOf(reading.code);
      return {
        line: reading.line,
        code: reading.code,
        name: measure?.name ?? reading.code,
        takenAt: reading.takenAt,
        value: givenValueWords(reading.value),
        unit: unitShown(measure, reading.value),
      };
    }),
  };
}
