// @ts-expect-error -- @lhncbc/ucum-lhc ships no types: UcumUtils below types the two calls this module makes.
import * as ucum from '@lhncbc/ucum-lhc';
import { measureTitle, type Measure, type UnitSystem } from '../../shared/rules/measures';

// Readings' units (issue 35): a unit as a device, a lab or a patient writes it, to its UCUM code; a reading in any unit
// UCUM converts to its measure's chart unit, converted; and a chart value in the patient's units. UCUM's own work is
// @lhncbc/ucum-lhc's (NLM); see docs/third-party.md.

/** What this module asks of ucum-lhc's UcumLhcUtils (its own documentation: source/ucumLhcUtils.js). */
interface UcumUtils {
  validateUnitString(unit: string, suggest?: boolean): { status: 'valid' | 'invalid' | 'error'; ucumCode: string | null };
  convertUnitTo(
    from: string,
    value: number,
    to: string,
    options?: { molecularWeight?: number; charge?: number },
  ): { status: 'succeeded' | 'failed' | 'error'; toVal: number | null };
}

let instance: UcumUtils | undefined;

/** ucum-lhc, loaded at its first use: reading UCUM's tables takes tens of milliseconds the server's start need not wait. */
function ucumUtils(): UcumUtils {
  instance ??= (ucum as { UcumLhcUtils: { getInstance(): UcumUtils } }).UcumLhcUtils.getInstance();
  return instance;
}

/**
 * ucum-lhc writes to the console when a unit makes its parser throw (a space in it, a temperature multiplied by
 * another unit), naming the unit, which comes from outside: the server's logs are its logger's alone (ADR 14). Its
 * calls are synchronous, so console.log is stood down for the length of one.
 */
function quietly<T>(call: (utils: UcumUtils) => T): T | undefined {
  const utils = ucumUtils();
  const log = console.log;
  console.log = () => {};
  try {
    return call(utils);
  } catch {
    // Text from outside can make ucum-lhc itself throw ('mg/__proto__' reaches into its tables' prototype): no unit.
    return undefined;
  } finally {
    console.log = log;
  }
}

/** No unit is longer: longer text is not looked up (nor kept in a cache). */
const LONGEST_UNIT = 64;

/** Each cache is cleared when it reaches this many entries: a unit comes from outside, so their number has no bound. */
const MOST_CACHED = 1000;

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= MOST_CACHED) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * Units as devices, labs and people write them that UCUM does not read, or reads as something else: to UCUM 'C' is the
 * coulomb, 'F' the farad, 'K/uL' kelvins per microlitre, 'pH' the picohenry and 'ft' a femtotonne. Keys are lower case
 * without spaces, µ written u; these are looked up before UCUM.
 */
const SPELLINGS: Readonly<Record<string, string>> = {
  mmhg: 'mm[Hg]',
  bpm: '/min',
  'beats/min': '/min',
  'beat/min': '/min',
  'beats/minute': '/min',
  'breaths/min': '/min',
  'breath/min': '/min',
  'breaths/minute': '/min',
  'br/min': '/min',
  'resp/min': '/min',
  lb: '[lb_av]',
  lbs: '[lb_av]',
  pound: '[lb_av]',
  pounds: '[lb_av]',
  oz: '[oz_av]',
  in: '[in_i]',
  inch: '[in_i]',
  inches: '[in_i]',
  ft: '[ft_i]',
  feet: '[ft_i]',
  f: '[degF]',
  '°f': '[degF]',
  'ºf': '[degF]',
  degf: '[degF]',
  fahrenheit: '[degF]',
  c: 'Cel',
  '°c': 'Cel',
  'ºc': 'Cel',
  degc: 'Cel',
  cel: 'Cel',
  celsius: 'Cel',
  'k/ul': '10*3/uL',
  'k/mm3': '10*3/uL',
  'thou/ul': '10*3/uL',
  'thou/mm3': '10*3/uL',
  'm/ul': '10*6/uL',
  'm/mm3': '10*6/uL',
  'mil/ul': '10*6/uL',
  'mill/ul': '10*6/uL',
  'mil/mm3': '10*6/uL',
  ph: '[pH]',
  percent: '%',
  pct: '%',
  ratio: '{ratio}',
  inr: '{INR}',
  score: '{score}',
};

const SUPERSCRIPTS: Readonly<Record<string, string>> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9' };

/**
 * Common spellings rewritten to UCUM's: 'µ' and 'mcg' to 'u' and 'ug', '×10⁹', 'x10E3' and '10^3' to '10*9' and
 * '10*3', 'IU' to '[IU]', 'mEq' to 'meq', 'hr' and 'sec' to 'h' and 's', 'mmHg' to 'mm[Hg]', '1.73m2' to '{1.73_m2}',
 * 'cells' to '{cells}', 'm^2' to 'm2'.
 */
function rewritten(text: string): string {
  return text
    .replace(/\s+/g, '')
    .replace(/[µμ]/g, 'u')
    .replace(/mcg/g, 'ug')
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (digits) => `^${[...digits].map((digit) => SUPERSCRIPTS[digit]).join('')}`)
    .replace(/(?:[x×*]|\b)10(?:\^|e|E|\*)\(?(\d+)\)?/g, '10*$1')
    .replace(/\^/g, '')
    .replace(/(^|[^[A-Za-z])([munpk]?)[iI][uU](?![A-Za-z\]])/g, '$1$2[IU]')
    .replace(/(^|[^A-Za-z])([munpk]?)[eE][qQ](?![A-Za-z])/g, '$1$2eq')
    .replace(/(^|[^A-Za-z])hrs?(?![A-Za-z])/g, '$1h')
    .replace(/(^|[^A-Za-z])secs?(?![A-Za-z])/g, '$1s')
    .replace(/mmhg/gi, 'mm[Hg]')
    .replace(/\{?1\.73_?m2\}?/g, '{1.73_m2}')
    .replace(/(^|[^{A-Za-z])(cells|beats|breaths)(?![A-Za-z}])/g, '$1{$2}');
}

/** The code when `text` is UCUM's code of a unit, as it is written (ucum-lhc trims, and names a unit it would substitute). */
function asWritten(text: string): string | undefined {
  const answer = quietly((utils) => utils.validateUnitString(text, false));
  return answer?.status === 'valid' && answer.ucumCode ? answer.ucumCode : undefined;
}

/** Whether `code` is a UCUM code just as it is written: 'mg/dL', '[lb_av]', 'Cel'; not 'mmHg' nor ' kg'. */
export function isUcumCode(code: string): boolean {
  return code !== '' && code.length <= LONGEST_UNIT && code === code.trim() && asWritten(code) === code;
}

const UCUM_OF = new Map<string, string | null>();

/**
 * The UCUM code of a unit as devices, labs and people write it: the few spellings UCUM would read otherwise ('C',
 * 'K/uL', 'lbs', 'mmHg', 'bpm') first, then UCUM's own code ('mg/dL', 'mg/dl', 'umol/L'), then common spellings
 * rewritten ('µmol/L', 'x10E3/uL', 'mIU/L', 'mL/min/1.73m2'), then the same in lower case (HL7 v2's 'MG/DL').
 * Undefined when it is not a unit.
 */
export function ucumUnitOf(text: string): string | undefined {
  const trimmed = text.trim();
  // A name of every object's prototype ('__proto__', 'constructor') is never a unit, and ucum-lhc's tables would find it.
  if (trimmed === '' || trimmed.length > LONGEST_UNIT || trimmed in Object.prototype) return undefined;
  const cached = UCUM_OF.get(trimmed);
  if (cached !== undefined) return cached ?? undefined;
  const key = trimmed.toLowerCase().replace(/\s+/g, '').replace(/[µμ]/g, 'u');
  // Own keys only: '__proto__' or 'constructor' from a file names the object's prototype, not a spelling.
  const spelled = Object.hasOwn(SPELLINGS, key) ? SPELLINGS[key] : undefined;
  // UCUM writes a power of ten two ways, 10*3 and 10^3; codes are compared in the first.
  const code = spelled ?? asWritten(trimmed.replace(/10\^/g, '10*')) ?? asWritten(rewritten(trimmed)) ?? asWritten(rewritten(trimmed).toLowerCase());
  return remember(UCUM_OF, trimmed, code ?? null) ?? undefined;
}

/** A measure's chart unit has no dimension: a reading that comes without a unit is in it (an INR of 1.1, a pH of 6). */
const UNITLESS = /^(?:1|\[pH\]|\{[^{}]*\})$/;

/**
 * UCUM calls the international unit arbitrary, and ucum-lhc converts no arbitrary unit, though mIU/L to µIU/mL is only
 * a change of prefix and volume. With [IU] on both sides, a unit no measure is in (the candela) stands in for it, so
 * the prefixes and volumes still convert.
 */
const ARBITRARY = /\[[iI][uU]\]/;
const STAND_IN = 'cd';

/** `value` in `from` converted by ucum-lhc to `to`, with the measure's molar mass and charge; undefined when it cannot be. */
function convert(from: string, value: number, to: string, measure: Measure): number | undefined {
  let [source, target] = [from, to];
  if (ARBITRARY.test(from) && ARBITRARY.test(to) && !from.includes(STAND_IN) && !to.includes(STAND_IN)) {
    const everywhere = new RegExp(ARBITRARY.source, 'g');
    [source, target] = [from.replace(everywhere, STAND_IN), to.replace(everywhere, STAND_IN)];
  }
  const options = { molecularWeight: measure.molarMass, charge: measure.charge };
  const answer = quietly((utils) => utils.convertUnitTo(source, value, target, options));
  return answer?.status === 'succeeded' && typeof answer.toVal === 'number' && Number.isFinite(answer.toVal) ? answer.toVal : undefined;
}

/** How a unit reaches a measure's chart unit: along a line (chart = value × factor + offset), by UCUM each time, or not. */
type Conversion = { factor: number; offset: number } | 'by-ucum' | 'refused';

const CONVERSIONS = new Map<string, Conversion>();

/**
 * The conversion of `code` to the measure's chart unit, worked out once for each unit, chart unit, molar mass and
 * charge: ucum-lhc parses both units on every call, and a year of a glucose sensor's readings is 35,000 of them. A unit
 * UCUM converts along a line (all but a few: temperatures have an offset) is kept as its line, read from three points;
 * another (a logarithm, as pH is) goes to ucum-lhc each time.
 */
function conversionOf(code: string, measure: Measure, chartUnit: string): Conversion {
  if (code === chartUnit) return { factor: 1, offset: 0 };
  const key = [code, chartUnit, measure.molarMass ?? '', measure.charge ?? ''].join('\u0000');
  const known = CONVERSIONS.get(key);
  if (known) return known;
  const [at0, at1, at10] = [0, 1, 10].map((value) => convert(code, value, chartUnit, measure));
  let conversion: Conversion;
  if (at0 === undefined && at1 === undefined && at10 === undefined) conversion = 'refused';
  else if (at0 === undefined || at1 === undefined || at10 === undefined) conversion = 'by-ucum';
  else {
    const line = { factor: at1 - at0, offset: at0 };
    const onLine = Math.abs(at10 - (10 * line.factor + line.offset)) <= 1e-9 * Math.max(1, Math.abs(at10));
    conversion = onLine ? line : 'by-ucum';
  }
  return remember(CONVERSIONS, key, conversion);
}

/** Twelve significant digits: what a conversion's floating point adds beyond them (6.999999999999999) is noise. */
const tidy = (value: number) => Number(value.toPrecision(12));

/**
 * A reading in any unit UCUM converts to its measure's chart unit (with the measure's molar mass between mass and
 * amount, its charge for equivalents), in the chart unit; or the sentence that says why not: "'mg' is not a unit of
 * Glucose (mg/dL, mmol/L)", "'xyz' is not a unit". The unit is read as ucumUnitOf reads it; a measure without a
 * dimension (INR, pH) takes a number without one.
 */
export function toChartValue(measure: Measure, value: number, unit: string): { value: number } | { refusal: string } {
  const chartUnit = measure.unit;
  if (measure.valueType === 'text' || chartUnit === undefined) return { refusal: `${measure.name} is given in words, not in a unit` };
  if (!Number.isFinite(value)) return { refusal: `${value} is not a number` };
  const written = unit.trim();
  if (written === '') {
    return UNITLESS.test(chartUnit) ? { value } : { refusal: `a number of ${measureTitle(measure)} needs its unit` };
  }
  const code = ucumUnitOf(written);
  if (code === undefined) return { refusal: `'${written}' is not a unit` };
  const conversion = conversionOf(code, measure, chartUnit);
  const converted =
    conversion === 'refused' ? undefined
    : conversion === 'by-ucum' ? convert(code, value, chartUnit, measure)
    : value * conversion.factor + conversion.offset;
  return converted === undefined ? { refusal: `'${written}' is not a unit of ${measureTitle(measure)}` } : { value: tidy(converted) };
}

/**
 * A chart value as a patient reads it: in the measure's unit for their system (its factor and offset), rounded to the
 * measure's decimals.
 */
export function shownIn(measure: Measure, system: UnitSystem, chartValue: number): number {
  const unit = measure.display?.[system];
  const shown = unit ? chartValue * unit.factor + (unit.offset ?? 0) : chartValue;
  const rounded = Number(shown.toFixed(measure.decimals));
  // No '-0': a value that rounds to nothing is 0.
  return rounded === 0 ? 0 : rounded;
}
