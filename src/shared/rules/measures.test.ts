import { describe, expect, it } from 'vitest';
import {
  BLOOD_PRESSURE,
  DIASTOLIC,
  MEASURE_CODES,
  MEASURES,
  SYSTOLIC,
  UNIT_SYSTEMS,
  measureByWords,
  measureOf,
  measureTitle,
  measuresOfKind,
  type Measure,
  type MeasureRange,
} from './measures';

// The table is data: these check every row, so that a row added later is held to the same rules. Units and conversion
// factors are checked against UCUM in src/server/observations/units.unit.test.ts.

/** LOINC's check digit (its mod 10, Luhn's): from the right, every other digit from the last is doubled; digits summed. */
function loincCheckDigit(digits: string): number {
  const sum = [...digits].reverse().reduce((total, digit, index) => {
    const value = index % 2 === 0 ? Number(digit) * 2 : Number(digit);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return (10 - (sum % 10)) % 10;
}

const codesOf = (measure: Measure) => [measure.loinc, ...(measure.sameAs ?? [])];
const rows = MEASURES.map((measure) => [measure.name, measure] as const);

describe('loincCheckDigit', () => {
  it.each([
    ['2345', 7],
    ['85354', 9],
    ['8310', 5],
    ['21000', 5],
    ['4548', 4],
  ])('%s → %i', (digits, check) => {
    expect(loincCheckDigit(digits)).toBe(check);
  });
});

describe('every measure', () => {
  it.each(rows)('%s: its codes are LOINC codes whose check digit is right', (_name, measure) => {
    for (const code of codesOf(measure)) {
      const [, digits, check] = /^(\d{1,7})-(\d)$/.exec(code) ?? [];
      expect(digits, code).toBeDefined();
      expect(loincCheckDigit(digits!), code).toBe(Number(check));
    }
  });

  it.each(rows)('%s: a number has a unit, both systems\u2019 units and its decimals; words have none', (_name, measure) => {
    expect(Number.isInteger(measure.decimals) && measure.decimals >= 0 && measure.decimals <= 3).toBe(true);
    if (measure.valueType === 'text') {
      expect(measure.unit).toBeUndefined();
      expect(measure.display).toBeUndefined();
      expect(measure.range).toBeUndefined();
      expect(measure.critical).toBeUndefined();
      return;
    }
    expect(measure.unit).toBeTruthy();
    for (const system of UNIT_SYSTEMS) {
      const unit = measure.display?.[system];
      expect(unit?.ucum, system).toBeTruthy();
      expect(unit!.factor > 0 && Number.isFinite(unit!.factor), system).toBe(true);
      expect(Number.isFinite(unit!.offset ?? 0), system).toBe(true);
    }
    // The chart unit is one a patient reads, so a reading kept as it came is shown without a conversion in one system.
    expect([measure.display!.metric.ucum, measure.display!.us.ucum]).toContain(measure.unit);
    const chartUnit = measure.display!.metric.ucum === measure.unit ? measure.display!.metric : measure.display!.us;
    expect(chartUnit.factor).toBe(1);
    expect(chartUnit.offset ?? 0).toBe(0);
  });

  const soundRanges = (range: MeasureRange | undefined, critical: MeasureRange | undefined) => {
    if (range) {
      expect(range.low !== undefined || range.high !== undefined).toBe(true);
      if (range.low !== undefined && range.high !== undefined) expect(range.low).toBeLessThan(range.high);
    }
    if (critical) {
      expect(critical.low !== undefined || critical.high !== undefined).toBe(true);
      // Critical is beyond the usual range, never inside it.
      if (critical.low !== undefined) expect(critical.low).toBeLessThan(range?.low ?? range?.high ?? Infinity);
      if (critical.high !== undefined) expect(critical.high).toBeGreaterThan(range?.high ?? range?.low ?? -Infinity);
    }
  };

  it.each(rows)('%s: its range has low below high, and its critical limits lie outside it', (_name, measure) => {
    soundRanges(measure.range, measure.critical);
    soundRanges(measure.secondRange, measure.secondCritical);
    // Only blood pressure has a second number.
    if (measure.valueType !== 'blood-pressure') {
      expect(measure.secondRange).toBeUndefined();
      expect(measure.secondCritical).toBeUndefined();
    }
  });

  it.each(rows)('%s: its aliases are lower case, trimmed and its own', (_name, measure) => {
    expect(measure.name.trim()).toBe(measure.name);
    for (const alias of measure.aliases) {
      expect(alias).toBe(alias.toLowerCase().trim());
      expect(alias).not.toBe('');
      // Found by its words: an alias that two measures claimed would find one of them only.
      expect(measureByWords(alias)?.loinc, alias).toBe(measure.loinc);
    }
    expect(measureByWords(measure.name)?.loinc).toBe(measure.loinc);
  });

  it.each(rows)('%s: a lab test is in a panel, a vital sign in none', (_name, measure) => {
    if (measure.kind === 'laboratory') expect(measure.panel).toBeTruthy();
    else expect(measure.panel).toBeUndefined();
  });
});

describe('the table', () => {
  it('gives each code, its own or another system\u2019s, to one measure only', () => {
    const codes = MEASURES.flatMap(codesOf);
    expect(new Set(codes).size).toBe(codes.length);
    // Blood pressure's two numbers belong to the panel, not to measures of their own.
    expect(codes).not.toContain(SYSTOLIC);
    expect(codes).not.toContain(DIASTOLIC);
  });

  it('has the ten vital signs of the FHIR vital-signs profile', () => {
    expect(measuresOfKind('vital-sign').map((measure) => measure.loinc).sort()).toEqual(
      ['85354-9', '8867-4', '9279-1', '8310-5', '59408-5', '29463-7', '8302-2', '39156-5', '72514-3', '9843-4'].sort(),
    );
    expect(measureOf(BLOOD_PRESSURE)?.valueType).toBe('blood-pressure');
    expect(MEASURES.filter((measure) => measure.valueType === 'blood-pressure')).toHaveLength(1);
  });

  it('has at least 55 laboratory tests, and every measure is of one kind or the other', () => {
    expect(measuresOfKind('laboratory').length).toBeGreaterThanOrEqual(55);
    expect(measuresOfKind('vital-sign').length + measuresOfKind('laboratory').length).toBe(MEASURES.length);
  });

  it('lists every code once in MEASURE_CODES, in the table\u2019s order', () => {
    expect(MEASURE_CODES).toEqual(MEASURES.map((measure) => measure.loinc));
    expect(new Set(MEASURE_CODES).size).toBe(MEASURE_CODES.length);
  });
});

describe('measureOf', () => {
  // The codes of Synthea's vital signs and labs: each one is a measure's code or one of its sameAs.
  it.each([
    ['85354-9', 'Blood pressure'],
    ['8302-2', 'Height'],
    ['29463-7', 'Weight'],
    ['39156-5', 'BMI'],
    ['8331-1', 'Temperature'],
    ['72514-3', 'Pain score'],
    ['2339-0', 'Glucose'],
    ['6299-2', 'BUN'],
    ['38483-4', 'Creatinine'],
    ['49765-1', 'Calcium'],
    ['2947-0', 'Sodium'],
    ['6298-4', 'Potassium'],
    ['2069-3', 'Chloride'],
    ['20565-8', 'Carbon dioxide'],
    ['2093-3', 'Total cholesterol'],
    ['2571-8', 'Triglycerides'],
    ['18262-6', 'LDL cholesterol'],
    ['2085-9', 'HDL cholesterol'],
    ['4548-4', 'Hemoglobin A1c'],
    ['33914-3', 'eGFR'],
    ['6690-2', 'White blood cells'],
    ['789-8', 'Red blood cells'],
    ['718-7', 'Hemoglobin'],
    ['4544-3', 'Hematocrit'],
    ['787-2', 'MCV'],
    ['785-6', 'MCH'],
    ['786-4', 'MCHC'],
    ['21000-5', 'RDW-SD'],
    ['777-3', 'Platelets'],
    ['32207-3', 'PDW'],
    ['32623-1', 'MPV'],
    ['2885-2', 'Total protein'],
    ['1751-7', 'Albumin'],
    ['10834-0', 'Globulin'],
    ['1975-2', 'Total bilirubin'],
    ['6768-6', 'Alkaline phosphatase'],
    ['1742-6', 'ALT'],
    ['1920-8', 'AST'],
    ['14959-1', 'Urine albumin/creatinine ratio'],
  ])('Synthea\u2019s %s is %s', (code, name) => {
    expect(measureOf(code)?.name).toBe(name);
  });

  it.each([
    // Another system's code for the same measure.
    ['1558-6', '2345-7'],
    ['14749-6', '2345-7'],
    ['13457-7', '18262-6'],
    ['2708-6', '59408-5'],
    ['98979-8', '33914-3'],
    ['17856-6', '4548-4'],
    [' 2345-7 ', '2345-7'],
  ])('%s is the measure %s', (code, loinc) => {
    expect(measureOf(code)?.loinc).toBe(loinc);
  });

  it.each([[SYSTOLIC], [DIASTOLIC], ['1234-5'], [''], ['glucose']])('%j is no measure', (code) => {
    expect(measureOf(code)).toBeUndefined();
  });
});

describe('measuresOfKind', () => {
  it('keeps the table\u2019s order', () => {
    expect(measuresOfKind('vital-sign')[0]?.loinc).toBe(BLOOD_PRESSURE);
    expect(measuresOfKind('laboratory').every((measure) => measure.kind === 'laboratory')).toBe(true);
  });
});

describe('measureByWords', () => {
  it.each([
    ['Glucose', 'Glucose'],
    ['glucose', 'Glucose'],
    ['  Blood   Sugar ', 'Glucose'],
    ['BG', 'Glucose'],
    ['Glucose (mg/dL)', 'Glucose'],
    ['Glucose, mmol/L', 'Glucose'],
    ['Glucose [mg/dL]', 'Glucose'],
    // FreeStyle Libre's CSV columns.
    ['Historic Glucose mg/dL', 'Glucose'],
    ['Scan Glucose mmol/L', 'Glucose'],
    // Dexcom's.
    ['Glucose Value (mg/dL)', 'Glucose'],
    ['Systolic', 'Blood pressure'],
    ['Systolic (mmHg)', 'Blood pressure'],
    ['SYS', 'Blood pressure'],
    ['Diastolic (mmHg)', 'Blood pressure'],
    ['Pulse', 'Heart rate'],
    ['Heart Rate (bpm)', 'Heart rate'],
    ['HR', 'Heart rate'],
    ['Weight', 'Weight'],
    ['Weight (lbs)', 'Weight'],
    ['Body Weight kg', 'Weight'],
    ['Temperature °F', 'Temperature'],
    ['SpO2 (%)', 'Oxygen saturation'],
    ['Oxygen Saturation %', 'Oxygen saturation'],
    ['HbA1c', 'Hemoglobin A1c'],
    ['A1C (%)', 'Hemoglobin A1c'],
    ['Hemoglobin A1c', 'Hemoglobin A1c'],
    ['Hemoglobin', 'Hemoglobin'],
    ['LDL-C', 'LDL cholesterol'],
    ['LDL Cholesterol Calc', 'LDL cholesterol'],
    ['Non-HDL Cholesterol', 'Non-HDL cholesterol'],
    ['eGFR (mL/min/1.73m2)', 'eGFR'],
    ['eGFR mL/min/1.73m2', 'eGFR'],
    ['Free T4 ng/dL', 'Free T4'],
    ['Vitamin B12', 'Vitamin B12'],
    ['Vitamin D, 25-Hydroxy', 'Vitamin D'],
    ['25-OH Vitamin D', 'Vitamin D'],
    ['Urea Nitrogen (BUN)', 'BUN'],
    ['Neutrophils', 'Neutrophils'],
    ['Neutrophils %', 'Neutrophils'],
    ['Neutrophils, Absolute', 'Absolute neutrophils'],
    ['Neutrophils # (K/uL)', 'Absolute neutrophils'],
    ['Pain 0-10', 'Pain score'],
    ['Urine pH', 'Urine pH'],
    ['Ketones', 'Urine ketones'],
    // Synthea's displays, zero-width spaces and all.
    ['Body\u200B Weight', 'Weight'],
    ['Body\u200BHeight', 'Height'],
    ['Hemoglobin\u200B A1c/Hemoglobin.total in Blood', 'Hemoglobin A1c'],
    ['Low Density Lipoprotein Cholesterol', 'LDL cholesterol'],
    ['Estimated Glomerular Filtration Rate', 'eGFR'],
    ['Microalbumin Creatinine Ratio', 'Urine albumin/creatinine ratio'],
    ['Pain severity - 0-10 verbal numeric rating [Score] - Reported', 'Pain score'],
  ])('%j is %s', (words, name) => {
    expect(measureByWords(words)?.name).toBe(name);
  });

  it.each([[''], ['   '], ['\u200B'], ['mg/dL'], ['Notes'], ['Glucose trend arrow'], ['Timestamp']])('%j is no measure', (words) => {
    expect(measureByWords(words)).toBeUndefined();
  });
});

describe('measureTitle', () => {
  it.each([
    ['2345-7', 'Glucose (mg/dL, mmol/L)'],
    ['29463-7', 'Weight (kg, lb)'],
    ['8310-5', 'Temperature (°C, °F)'],
    ['85354-9', 'Blood pressure (mmHg)'],
    ['718-7', 'Hemoglobin (g/dL)'],
    ['6301-6', 'INR'],
    ['2514-8', 'Urine ketones'],
  ])('%s: %s', (code, title) => {
    expect(measureTitle(measureOf(code)!)).toBe(title);
  });
});
