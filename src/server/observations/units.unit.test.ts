// @ts-expect-error -- @lhncbc/ucum-lhc ships no types; the test asks it directly, as units.ts does.
import * as ucum from '@lhncbc/ucum-lhc';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEASURES, UNIT_SYSTEMS, measureOf, type Measure } from '../../shared/rules/measures';
import { isUcumCode, shownIn, toChartValue, ucumUnitOf } from './units';

const measure = (code: string): Measure => measureOf(code)!;

/** The chart value of a reading, failing the test on a refusal. */
function chartValueOf(of: Measure, value: number, unit: string): number {
  const converted = toChartValue(of, value, unit);
  if ('refusal' in converted) throw new Error(converted.refusal);
  return converted.value;
}

/** A chart value back in `unit`: the same measure, charted in that unit. */
const backIn = (of: Measure, chartValue: number, unit: string) => chartValueOf({ ...of, unit: ucumUnitOf(unit)! }, chartValue, of.unit!);

/** How far apart two numbers are, relative to the larger (0 when both are 0). */
const apart = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ucumUnitOf', () => {
  it.each([
    // UCUM's own codes, as they are.
    ['mg/dL', 'mg/dL'],
    ['mg/dl', 'mg/dl'],
    ['mmol/L', 'mmol/L'],
    ['umol/L', 'umol/L'],
    ['%', '%'],
    ['/min', '/min'],
    ['[lb_av]', '[lb_av]'],
    ['10*3/uL', '10*3/uL'],
    ['mL/min/{1.73_m2}', 'mL/min/{1.73_m2}'],
    ['  kg ', 'kg'],
    // As devices, labs and people write them.
    ['mmHg', 'mm[Hg]'],
    ['mm Hg', 'mm[Hg]'],
    ['bpm', '/min'],
    ['beats/min', '/min'],
    ['breaths/min', '/min'],
    ['lb', '[lb_av]'],
    ['lbs', '[lb_av]'],
    ['in', '[in_i]'],
    ['°F', '[degF]'],
    ['F', '[degF]'],
    ['degF', '[degF]'],
    ['°C', 'Cel'],
    ['C', 'Cel'],
    ['degC', 'Cel'],
    ['IU/L', '[IU]/L'],
    ['mIU/L', 'm[IU]/L'],
    ['uIU/mL', 'u[IU]/mL'],
    ['µIU/mL', 'u[IU]/mL'],
    ['x10E3/uL', '10*3/uL'],
    ['K/uL', '10*3/uL'],
    ['K/µL', '10*3/uL'],
    ['10^3/uL', '10*3/uL'],
    ['thou/uL', '10*3/uL'],
    ['x10E6/uL', '10*6/uL'],
    ['M/uL', '10*6/uL'],
    ['×10⁹/L', '10*9/L'],
    ['mL/min/1.73m2', 'mL/min/{1.73_m2}'],
    ['mL/min/1.73 m²', 'mL/min/{1.73_m2}'],
    ['µmol/L', 'umol/L'],
    ['μmol/L', 'umol/L'],
    ['mcg/dL', 'ug/dL'],
    ['mEq/L', 'meq/L'],
    ['mm/hr', 'mm/h'],
    ['kg/m²', 'kg/m2'],
    ['cells/uL', '{cells}/uL'],
    ['pH', '[pH]'],
    ['MG/DL', 'mg/dl'],
  ])('%j → %s', (text, code) => {
    expect(ucumUnitOf(text)).toBe(code);
  });

  it.each([[''], ['   '], ['xyz'], ['negative'], ['see note'], ['mg per dL of blood'], ['x'.repeat(65)], ['__proto__'], ['constructor'], ['toString']])('%j is not a unit', (text) => {
    expect(ucumUnitOf(text)).toBeUndefined();
  });

  it('writes nothing to the console, whatever the text (ucum-lhc logs what makes its parser throw)', () => {
    const log = vi.spyOn(console, 'log');
    for (const text of ['Cel.h', 'mg {a}(L)', '(((', 'kg m']) ucumUnitOf(text);
    expect(log).not.toHaveBeenCalled();
  });
});

describe('isUcumCode', () => {
  it.each([
    ['mg/dL', true],
    ['[degF]', true],
    ['Cel', true],
    ['10*3/uL', true],
    ['mmHg', false],
    [' kg', false],
    ['lbs', false],
    ['', false],
  ])('%j: %s', (code, answer) => {
    expect(isUcumCode(code)).toBe(answer);
  });
});

describe('toChartValue', () => {
  // [measure, value, unit, the value in the measure's chart unit]: each also back again, from the chart unit to `unit`.
  it.each([
    ['2345-7', 5.5, 'mmol/L', 99.1],
    ['2345-7', 5.5, 'mmol/l', 99.1],
    ['2345-7', 100, 'mg/dL', 100],
    ['2345-7', 1, 'g/L', 100],
    ['2093-3', 5, 'mmol/L', 193.3],
    ['2571-8', 1.7, 'mmol/L', 150.6],
    ['2160-0', 88.4, 'µmol/L', 1],
    ['1989-3', 75, 'nmol/L', 30],
    ['3024-7', 12.87, 'pmol/L', 1],
    ['29463-7', 176.4, 'lb', 80],
    ['29463-7', 80, 'kg', 80],
    ['8302-2', 70, 'in', 177.8],
    ['8310-5', 98.6, '°F', 37],
    ['8310-5', 310.15, 'K', 37],
    ['718-7', 140, 'g/L', 14],
    ['6690-2', 7, '10*9/L', 7],
    ['6690-2', 7, 'x10E3/uL', 7],
    ['6690-2', 7000, '/uL', 7],
    ['777-3', 250, '10^9/L', 250],
    ['789-8', 4.5, '10*12/L', 4.5],
    ['3016-3', 2.5, 'uIU/mL', 2.5],
    ['3016-3', 2500, 'u[IU]/L', 2.5],
    ['2951-2', 140, 'mEq/L', 140],
    ['17861-6', 2.5, 'mmol/L', 10],
    ['17861-6', 5, 'mEq/L', 10],
    ['4544-3', 0.42, 'L/L', 42],
    ['59408-5', 0.97, '1', 97],
    ['85354-9', 16, 'kPa', 120],
    ['8867-4', 1.2, '/s', 72],
    ['33914-3', 75, 'mL/min/1.73m2', 75],
    ['9318-7', 30, 'mg/g{creat}', 30],
  ])('%s: %d %s is %d in the chart unit, and back', (code, value, unit, chart) => {
    const of = measure(code);
    const chartValue = chartValueOf(of, value, unit);
    expect(chartValue).toBeCloseTo(chart, 1);
    expect(apart(backIn(of, chartValue, unit), value)).toBeLessThan(1e-9);
  });

  it.each([
    ['6301-6', 1.1],
    ['5803-2', 6.5],
    ['5811-5', 1.02],
  ])('%s: a number without a unit is in the chart unit, which has no dimension', (code, value) => {
    expect(toChartValue(measure(code), value, '')).toEqual({ value });
  });

  it.each([
    ['2345-7', 1, 'mg', "'mg' is not a unit of Glucose (mg/dL, mmol/L)"],
    ['2345-7', 1, 'xyz', "'xyz' is not a unit"],
    ['2345-7', 1, ' xyz ', "'xyz' is not a unit"],
    ['2345-7', 5, '', 'a number of Glucose (mg/dL, mmol/L) needs its unit'],
    ['2345-7', Number.NaN, 'mg/dL', 'NaN is not a number'],
    ['29463-7', 80, 'mmHg', "'mmHg' is not a unit of Weight (kg, lb)"],
    ['8310-5', 37, 'kg', "'kg' is not a unit of Temperature (°C, °F)"],
    // Without a molar mass, mass and amount do not convert.
    ['14957-5', 1, 'mmol/L', "'mmol/L' is not a unit of Urine albumin (mg/L)"],
    // The international unit converts only to itself.
    ['3016-3', 1, 'ng/mL', "'ng/mL' is not a unit of TSH (mIU/L)"],
    ['6301-6', 1.1, 's', "'s' is not a unit of INR"],
    ['2514-8', 1, 'mg/dL', 'Urine ketones is given in words, not in a unit'],
  ])('%s: %d %j is refused: %s', (code, value, unit, refusal) => {
    expect(toChartValue(measure(code), value, unit)).toEqual({ refusal });
  });

  it('asks ucum-lhc once for a unit, not once for each reading', () => {
    const converts = vi.spyOn(ucum.UcumLhcUtils.prototype, 'convertUnitTo');
    const validates = vi.spyOn(ucum.UcumLhcUtils.prototype, 'validateUnitString');
    const glucose = measure('2345-7');
    const temperature = measure('8310-5');
    for (let reading = 0; reading < 10_000; reading += 1) {
      // Units no other test uses, so that nothing is cached before.
      expect(chartValueOf(glucose, 5 + reading / 10_000, 'umol/mL')).toBeCloseTo((5 + reading / 10_000) * 18.0156, 6);
      expect(chartValueOf(temperature, 98 + reading / 10_000, '[degF] ')).toBeCloseTo((98 + reading / 10_000 - 32) / 1.8, 6);
    }
    // Three points of a line for each unit; one look-up of each unit's text.
    expect(converts.mock.calls.length).toBeLessThanOrEqual(6);
    expect(validates.mock.calls.length).toBeLessThanOrEqual(6);
  });

  it('returns a value without floating point noise', () => {
    expect(chartValueOf(measure('6690-2'), 7, '10*9/L')).toBe(7);
  });
});

describe('shownIn', () => {
  it.each([
    ['2345-7', 'metric', 99.0858, 5.5],
    ['2345-7', 'us', 99.0858, 99.1],
    ['2093-3', 'metric', 193.3, 5],
    ['2160-0', 'metric', 1, 88.4],
    ['8310-5', 'us', 37, 98.6],
    ['8310-5', 'metric', 37.04, 37],
    ['29463-7', 'us', 80, 176.4],
    ['8302-2', 'us', 177.8, 70],
    ['85354-9', 'us', 128.4, 128],
    ['6690-2', 'metric', 7.04, 7],
    ['1989-3', 'metric', 30, 75],
  ] as const)('%s in %s: %d is %d', (code, system, chartValue, shown) => {
    expect(shownIn(measure(code), system, chartValue)).toBe(shown);
  });

  it('never shows -0', () => {
    expect(Object.is(shownIn(measure('8310-5'), 'metric', -0.04), 0)).toBe(true);
  });
});

// The table's units and factors against UCUM: a factor typed wrong, or a unit UCUM does not know, fails here.
describe('every measure\u2019s units', () => {
  const utils = ucum.UcumLhcUtils.getInstance();
  const shown = MEASURES.filter((of) => of.display);

  it.each(shown.map((of) => [of.name, of] as const))('%s: each is a UCUM code, and its factor and offset are UCUM\u2019s', (_name, of) => {
    for (const system of UNIT_SYSTEMS) {
      const unit = of.display![system];
      expect(isUcumCode(unit.ucum), unit.ucum).toBe(true);
      // The chart unit itself: measures.test.ts holds it to factor 1 (and UCUM converts no [IU], even to itself).
      if (unit.ucum === of.unit) continue;
      for (const chartValue of [0, 1, 100]) {
        const answer = utils.convertUnitTo(of.unit, chartValue, unit.ucum, { molecularWeight: of.molarMass, charge: of.charge });
        expect(answer.status, `${of.unit} → ${unit.ucum}`).toBe('succeeded');
        const byTable = chartValue * unit.factor + (unit.offset ?? 0);
        // To four significant digits.
        expect(apart(byTable, answer.toVal), `${chartValue} ${of.unit} → ${unit.ucum}`).toBeLessThan(1e-4);
      }
    }
  });
});

describe('properties', () => {
  const quantities = MEASURES.filter((of) => of.display);
  const someMeasure = fc.constantFrom(...quantities);
  const system = fc.constantFrom(...UNIT_SYSTEMS);
  const reading = fc.double({ min: 0, max: 10_000, noNaN: true });

  it('a number read in the patient\u2019s unit is shown as it was read, to the measure\u2019s decimals', () => {
    fc.assert(
      fc.property(someMeasure, system, reading, (of, inSystem, value) => {
        const chartValue = chartValueOf(of, value, of.display![inSystem].ucum);
        // Half of the last decimal kept, and a little for the floating point at a rounding's edge.
        expect(Math.abs(shownIn(of, inSystem, chartValue) - value)).toBeLessThanOrEqual(0.5 * 10 ** -of.decimals + 1e-9 * Math.max(1, value));
      }),
    );
  });

  // Units a reading may come in that are not the table's: each converts to its measure's chart unit and back.
  const otherUnits: readonly (readonly [string, string])[] = [
    ['2345-7', 'g/L'],
    ['2345-7', 'umol/L'],
    ['2093-3', 'mmol/L'],
    ['2160-0', 'mmol/L'],
    ['29463-7', 'g'],
    ['29463-7', '[oz_av]'],
    ['8302-2', 'm'],
    ['8302-2', '[ft_i]'],
    ['8310-5', 'K'],
    ['8310-5', '[degF]'],
    ['718-7', 'g/L'],
    ['718-7', 'mg/mL'],
    ['6690-2', '/uL'],
    ['6690-2', '10*9/L'],
    ['3016-3', 'u[IU]/mL'],
    ['2951-2', 'meq/L'],
    ['17861-6', 'mmol/L'],
    ['17861-6', 'meq/L'],
    ['19123-9', 'mmol/L'],
    ['85354-9', 'kPa'],
    ['4544-3', '1'],
  ];

  it('a reading converted to the chart unit and back is the reading', () => {
    fc.assert(
      fc.property(fc.constantFrom(...otherUnits), fc.double({ min: 1e-3, max: 1e6, noNaN: true }), ([code, unit], value) => {
        const of = measure(code);
        const chartValue = chartValueOf(of, value, unit);
        const back = backIn(of, chartValue, unit);
        // Twelve significant digits kept at each step, of the larger number where an offset lies between them (0.001 K
        // is -273.149 °C).
        expect(Math.abs(back - value)).toBeLessThanOrEqual(1e-10 * Math.max(Math.abs(value), Math.abs(chartValue)));
      }),
    );
  });
});
