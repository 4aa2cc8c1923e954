/**
 * THE MEASURES TABLE — a data table, not logic (issue 35). The vital signs and laboratory tests HealthAssist knows, by
 * LOINC code: what each is called, its kind, the unit its readings are charted and compared in (a UCUM code), the units
 * a patient reads it in (metric or US), an adult reference range and critical limits in that unit, and the words a
 * CSV column or a lab's report names it by.
 *
 * The screens, the contract (a reading's `code` is one of these), the CSV and FHIR imports and the assistant all read
 * it here. `measures.test.ts` checks every row; `src/server/observations/units.unit.test.ts` checks every unit and
 * conversion factor against UCUM (@lhncbc/ucum-lhc). A reference range that a lab sends with its result wins over the
 * one here: these are the usual adult ranges, there to flag a reading that came without one.
 *
 * LOINC® codes and names are copyright © Regenstrief Institute, Inc. and the LOINC Committee, used under the LOINC
 * licence (https://loinc.org/license/); see docs/third-party.md.
 */

import { BLOOD_PRESSURE } from './measure-codes';
import type { UnitSystem } from './unit-systems';

/** A reading's kind: the Vitals page shows vital signs, the Lab Results page laboratory tests (FHIR's two categories). */
export const MEASURE_KINDS = ['vital-sign', 'laboratory'] as const;
export type MeasureKind = (typeof MEASURE_KINDS)[number];

export { UNIT_SYSTEMS, type UnitSystem } from './unit-systems';

/**
 * A unit a measure is shown in, as UCUM writes it, with how to reach it from the measure's chart unit:
 * shown = chartValue × factor + offset (an offset only for temperature).
 */
export interface DisplayUnit {
  /** The UCUM code: 'mg/dL', '[lb_av]', 'Cel'. */
  ucum: string;
  /** What the screens print: 'mg/dL', 'lb', '°C'. */
  symbol: string;
  factor: number;
  offset?: number;
}

/** A range in the measure's chart unit; either end may be absent (a test with only an upper limit). */
export interface MeasureRange {
  low?: number;
  high?: number;
}

/**
 * What a reading's value is: a number with a unit; blood pressure's two numbers (systolic over diastolic, one
 * reading); or words only ('negative', 'yellow'). A quantity measure also takes words (a lab's 'see note').
 */
export const VALUE_TYPES = ['quantity', 'blood-pressure', 'text'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export interface Measure {
  /** The LOINC code of the measure: '2339-0'. */
  loinc: string;
  /** The name a patient reads: 'Glucose'. */
  name: string;
  kind: MeasureKind;
  /** The panel a lab test is ordered in, for grouping on the Lab Results page: 'Lipid panel', 'CBC'. */
  panel?: string;
  valueType: ValueType;
  /** The UCUM unit readings are stored for comparison and charted in; absent for a text-only measure. */
  unit?: string;
  /** The unit shown to a patient who prefers metric, and to one who prefers US units (the same for most labs). */
  display?: Readonly<Record<UnitSystem, DisplayUnit>>;
  /**
   * g/mol, for a substance reported both by mass and by amount (glucose in mg/dL and mmol/L): UCUM converts between the
   * two with it.
   */
  molarMass?: number;
  /** Decimals a shown value keeps. */
  decimals: number;
  /**
   * The usual adult range, in `unit`, both ends normal: a reading is low below `low` and high above `high`. A guideline's
   * "130 or more is high" on whole numbers is written `high: 129`.
   */
  range?: MeasureRange;
  /** Beyond these (in `unit`) a reading is critical, not only high or low. */
  critical?: MeasureRange;
  /**
   * Blood pressure's second number, the diastolic, has limits of its own (`range` and `critical` are the systolic's):
   * 128/92 is high by its diastolic alone.
   */
  secondRange?: MeasureRange;
  secondCritical?: MeasureRange;
  /**
   * The ion's charge, for an electrolyte that US labs report in mEq/L and others in mmol/L (sodium 1, calcium 2): UCUM
   * converts equivalents only with it.
   */
  charge?: number;
  /** Other words for it, lower case, for matching a CSV column or a report's line: 'blood sugar', 'hba1c'. */
  aliases: readonly string[];
  /** LOINC codes of the same measure sent by other systems (a glucose in serum or plasma, or in blood). */
  sameAs?: readonly string[];
  /**
   * The preventive screening (a guideline's id, guidelines.ts) that a reading of this measure is, once the patient
   * confirms it: blood pressure, a lipid panel's tests, an A1c (reading-screening.ts).
   */
  screening?: ScreeningId;
}

/** The screenings a reading can be (issue 35): the ids of their guidelines. */
export const SCREENING_IDS = ['blood-pressure', 'cholesterol', 'diabetes'] as const;
export type ScreeningId = (typeof SCREENING_IDS)[number];

export { BLOOD_PRESSURE, BODY_WEIGHT, DIASTOLIC, SYSTOLIC } from './measure-codes';

/** A unit the same in both systems, as most labs' are. */
function inBoth(ucum: string, symbol: string): Readonly<Record<UnitSystem, DisplayUnit>> {
  const unit: DisplayUnit = { ucum, symbol, factor: 1 };
  return { metric: unit, us: unit };
}

const MG_PER_DL: DisplayUnit = { ucum: 'mg/dL', symbol: 'mg/dL', factor: 1 };

/** Cell counts: the same number per microlitre in thousands (US) or per litre in thousand millions (SI). */
const THOUSANDS_PER_MICROLITRE: Readonly<Record<UnitSystem, DisplayUnit>> = {
  metric: { ucum: '10*9/L', symbol: '×10⁹/L', factor: 1 },
  us: { ucum: '10*3/uL', symbol: '×10³/µL', factor: 1 },
};

// Molar masses (g/mol) of the substances labs report both by mass and by amount. A factor from mg/dL to mmol/L is
// 10 / molar mass (mg/dL × 10 = mg/L); to µmol/L, 10,000 / molar mass.
const GLUCOSE = 180.156;
const CHOLESTEROL = 386.65;
/** Triglycerides as triolein, the convention behind mmol/L × 88.57 = mg/dL. */
const TRIGLYCERIDES = 885.7;
const CREATININE = 113.12;
/** 25-hydroxyvitamin D3, the convention behind ng/mL × 2.496 = nmol/L. */
const CALCIDIOL = 400.64;
const BILIRUBIN = 584.66;
const URIC_ACID = 168.11;
const THYROXINE = 776.87;
const TRIIODOTHYRONINE = 650.97;
/** Urea nitrogen: the two nitrogen atoms of a mole of urea, so that BUN in mg/dL converts to urea in mmol/L. */
const UREA_NITROGEN = 28.014;
/** Phosphate is reported as its phosphorus. */
const PHOSPHORUS = 30.974;
const CALCIUM = 40.078;
const MAGNESIUM = 24.305;
const IRON = 55.845;
const COBALAMIN = 1355.37;
const FOLATE = 441.4;

export const MEASURES: readonly Measure[] = [
  // Vital signs: the measures of FHIR's vital-signs profile, in the units it names.
  {
    loinc: BLOOD_PRESSURE,
    name: 'Blood pressure',
    kind: 'vital-sign',
    valueType: 'blood-pressure',
    unit: 'mm[Hg]',
    display: inBoth('mm[Hg]', 'mmHg'),
    decimals: 0,
    // ACC/AHA 2017: 130/80 or more is hypertension, below 90/60 hypotension; above 180 or 120 a hypertensive crisis.
    range: { low: 90, high: 129 },
    critical: { low: 70, high: 180 },
    secondRange: { low: 60, high: 79 },
    secondCritical: { low: 40, high: 120 },
    aliases: [
      'bp',
      'systolic',
      'sys',
      'sbp',
      'systolic blood pressure',
      'systolic pressure',
      'diastolic',
      'dia',
      'dbp',
      'diastolic blood pressure',
      'diastolic pressure',
      'blood pressure systolic and diastolic',
    ],
    sameAs: ['55284-4'],
    screening: 'blood-pressure',
  },
  {
    loinc: '8867-4',
    name: 'Heart rate',
    kind: 'vital-sign',
    valueType: 'quantity',
    unit: '/min',
    display: inBoth('/min', 'bpm'),
    decimals: 0,
    range: { low: 60, high: 100 },
    critical: { low: 40, high: 130 },
    aliases: ['pulse', 'hr', 'pulse rate', 'bpm'],
  },
  {
    loinc: '9279-1',
    name: 'Respiratory rate',
    kind: 'vital-sign',
    valueType: 'quantity',
    unit: '/min',
    display: inBoth('/min', 'breaths/min'),
    decimals: 0,
    range: { low: 12, high: 20 },
    critical: { low: 8, high: 30 },
    aliases: ['rr', 'resp rate', 'respiration rate', 'respirations', 'breathing rate', 'breaths per minute'],
  },
  {
    loinc: '8310-5',
    name: 'Temperature',
    kind: 'vital-sign',
    valueType: 'quantity',
    unit: 'Cel',
    display: {
      metric: { ucum: 'Cel', symbol: '°C', factor: 1 },
      us: { ucum: '[degF]', symbol: '°F', factor: 1.8, offset: 32 },
    },
    decimals: 1,
    // 38.0 °C (100.4 °F) or more is a fever; below 35 °C hypothermia.
    range: { low: 36, high: 37.9 },
    critical: { low: 35, high: 40 },
    aliases: ['temp', 'body temperature', 'body temp', 'oral temperature', 'oral temp', 'axillary temperature', 'rectal temperature', 'tympanic temperature'],
    // Where it was taken: oral, axillary, rectal, tympanic. The chart is one line whichever.
    sameAs: ['8331-1', '8328-7', '8332-9', '8333-7'],
  },
  {
    loinc: '59408-5',
    name: 'Oxygen saturation',
    kind: 'vital-sign',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 0,
    range: { low: 95, high: 100 },
    critical: { low: 90 },
    aliases: ['spo2', 'sao2', 'o2 sat', 'o2 saturation', 'oxygen saturation in arterial blood', 'pulse ox', 'pulse oximetry', 'blood oxygen'],
    // FHIR's oxygen-saturation profile takes both: by pulse oximetry (59408-5) and in arterial blood.
    sameAs: ['2708-6'],
  },
  {
    loinc: '29463-7',
    name: 'Weight',
    kind: 'vital-sign',
    valueType: 'quantity',
    unit: 'kg',
    display: {
      metric: { ucum: 'kg', symbol: 'kg', factor: 1 },
      us: { ucum: '[lb_av]', symbol: 'lb', factor: 1 / 0.45359237 },
    },
    decimals: 1,
    aliases: ['body weight', 'wt', 'weight measured', 'body weight measured'],
    sameAs: ['3141-9'],
  },
  {
    loinc: '8302-2',
    name: 'Height',
    kind: 'vital-sign',
    valueType: 'quantity',
    unit: 'cm',
    display: {
      metric: { ucum: 'cm', symbol: 'cm', factor: 1 },
      us: { ucum: '[in_i]', symbol: 'in', factor: 1 / 2.54 },
    },
    decimals: 1,
    aliases: ['body height', 'ht', 'stature', 'length', 'body length', 'height measured'],
    // Measured standing (3137-7) or lying, as a baby's length is (8306-3).
    sameAs: ['3137-7', '8306-3'],
  },
  {
    loinc: '39156-5',
    name: 'BMI',
    kind: 'vital-sign',
    valueType: 'quantity',
    // Derived: the app works it out from the weight and height when both are known; a device or a record may send it too.
    unit: 'kg/m2',
    display: inBoth('kg/m2', 'kg/m²'),
    decimals: 1,
    // WHO: 18.5 to 24.9 is a healthy weight; 25 or more overweight.
    range: { low: 18.5, high: 24.9 },
    aliases: ['body mass index'],
  },
  {
    loinc: '72514-3',
    name: 'Pain score',
    kind: 'vital-sign',
    valueType: 'quantity',
    unit: '{score}',
    display: inBoth('{score}', ''),
    decimals: 0,
    aliases: ['pain', 'pain severity', 'pain level', 'pain scale', 'pain severity - 0-10 verbal numeric rating [score] - reported'],
  },
  {
    loinc: '9843-4',
    name: 'Head circumference',
    kind: 'vital-sign',
    valueType: 'quantity',
    unit: 'cm',
    display: {
      metric: { ucum: 'cm', symbol: 'cm', factor: 1 },
      us: { ucum: '[in_i]', symbol: 'in', factor: 1 / 2.54 },
    },
    decimals: 1,
    aliases: ['head circ', 'ofc', 'occipital frontal circumference', 'head occipital-frontal circumference'],
    sameAs: ['8287-5'],
  },

  // Lipid panel. Desirable levels (NCEP ATP III, adults), not a population's range.
  {
    loinc: '2093-3',
    name: 'Total cholesterol',
    kind: 'laboratory',
    panel: 'Lipid panel',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'mmol/L', symbol: 'mmol/L', factor: 10 / CHOLESTEROL }, us: MG_PER_DL },
    molarMass: CHOLESTEROL,
    decimals: 1,
    range: { high: 199 },
    aliases: ['cholesterol', 'chol', 'tc', 'cholesterol total', 'total chol'],
    screening: 'cholesterol',
  },
  {
    loinc: '2085-9',
    name: 'HDL cholesterol',
    kind: 'laboratory',
    panel: 'Lipid panel',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'mmol/L', symbol: 'mmol/L', factor: 10 / CHOLESTEROL }, us: MG_PER_DL },
    molarMass: CHOLESTEROL,
    decimals: 1,
    range: { low: 40 },
    aliases: ['hdl', 'hdl-c', 'hdl chol', 'high density lipoprotein cholesterol', 'cholesterol in hdl', 'good cholesterol'],
    screening: 'cholesterol',
  },
  {
    loinc: '18262-6',
    name: 'LDL cholesterol',
    kind: 'laboratory',
    panel: 'Lipid panel',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'mmol/L', symbol: 'mmol/L', factor: 10 / CHOLESTEROL }, us: MG_PER_DL },
    molarMass: CHOLESTEROL,
    decimals: 1,
    range: { high: 99 },
    aliases: [
      'ldl',
      'ldl-c',
      'ldl chol',
      'ldl calculated',
      'ldl calc',
      'ldl chol calc',
      'ldl cholesterol calc',
      'ldl direct',
      'low density lipoprotein cholesterol',
      'cholesterol in ldl',
      'bad cholesterol',
    ],
    // Measured directly (18262-6), calculated (13457-7), or by a method not named.
    sameAs: ['13457-7', '2089-1'],
    screening: 'cholesterol',
  },
  {
    loinc: '2571-8',
    name: 'Triglycerides',
    kind: 'laboratory',
    panel: 'Lipid panel',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'mmol/L', symbol: 'mmol/L', factor: 10 / TRIGLYCERIDES }, us: MG_PER_DL },
    molarMass: TRIGLYCERIDES,
    decimals: 1,
    // 1,000 mg/dL or more risks pancreatitis.
    range: { high: 149 },
    critical: { high: 1000 },
    aliases: ['triglyceride', 'trig', 'trigs', 'tg', 'trigl'],
    screening: 'cholesterol',
  },
  {
    loinc: '43396-1',
    name: 'Non-HDL cholesterol',
    kind: 'laboratory',
    panel: 'Lipid panel',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'mmol/L', symbol: 'mmol/L', factor: 10 / CHOLESTEROL }, us: MG_PER_DL },
    molarMass: CHOLESTEROL,
    decimals: 1,
    range: { high: 129 },
    aliases: ['non-hdl', 'non-hdl-c', 'non-hdl chol', 'cholesterol non hdl'],
    screening: 'cholesterol',
  },
  {
    loinc: '9830-1',
    name: 'Cholesterol/HDL ratio',
    kind: 'laboratory',
    panel: 'Lipid panel',
    valueType: 'quantity',
    unit: '{ratio}',
    display: inBoth('{ratio}', ''),
    decimals: 1,
    range: { high: 5 },
    aliases: ['chol/hdl ratio', 'total cholesterol/hdl ratio', 'tc/hdl ratio', 'tc/hdl', 'chol/hdl'],
    screening: 'cholesterol',
  },

  // Diabetes.
  {
    loinc: '4548-4',
    name: 'Hemoglobin A1c',
    kind: 'laboratory',
    panel: 'Diabetes',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 1,
    // ADA: 5.7 % or more is prediabetes, 6.5 % or more diabetes.
    range: { low: 4, high: 5.6 },
    aliases: [
      'hba1c',
      'a1c',
      'hgba1c',
      'hb a1c',
      'haemoglobin a1c',
      'glycated hemoglobin',
      'glycated haemoglobin',
      'glycohemoglobin',
      'glycosylated hemoglobin',
      'hemoglobin a1c/hemoglobin.total in blood',
    ],
    // By HPLC.
    sameAs: ['17856-6'],
    screening: 'diabetes',
  },
  {
    loinc: '2345-7',
    name: 'Glucose',
    kind: 'laboratory',
    panel: 'Diabetes',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'mmol/L', symbol: 'mmol/L', factor: 10 / GLUCOSE }, us: MG_PER_DL },
    molarMass: GLUCOSE,
    decimals: 1,
    // Fasting; a reading after a meal runs higher. Below 40 or above 400 needs care now.
    range: { low: 70, high: 99 },
    critical: { low: 40, high: 400 },
    aliases: [
      'blood glucose',
      'blood sugar',
      'bg',
      'glu',
      'historic glucose',
      'scan glucose',
      'sensor glucose',
      'glucose value',
      'glucose level',
      'serum glucose',
      'plasma glucose',
      'fasting glucose',
      'fasting blood sugar',
      'fbs',
      'capillary glucose',
      'glucose serum',
    ],
    // In blood (2339-0, Synthea's), fasting (1558-6), by a meter on capillary blood (41653-7), and by amount in serum
    // or plasma (14749-6) and in blood (15074-8).
    sameAs: ['2339-0', '1558-6', '41653-7', '14749-6', '15074-8'],
  },

  // Kidney: the urine albumin tests screen for kidney disease in diabetes and hypertension (KDIGO).
  {
    loinc: '9318-7',
    name: 'Urine albumin/creatinine ratio',
    kind: 'laboratory',
    panel: 'Kidney',
    valueType: 'quantity',
    unit: 'mg/g',
    display: inBoth('mg/g', 'mg/g'),
    decimals: 0,
    // KDIGO: 30 mg/g or more is albuminuria.
    range: { high: 29 },
    aliases: [
      'uacr',
      'acr',
      'albumin/creatinine ratio',
      'microalbumin/creatinine ratio',
      'malb/creat ratio',
    ],
    // Microalbumin/creatinine (14959-1, Synthea's): the same ratio by a method sensitive to low levels.
    sameAs: ['14959-1'],
  },
  {
    loinc: '14957-5',
    name: 'Urine albumin',
    kind: 'laboratory',
    panel: 'Kidney',
    valueType: 'quantity',
    unit: 'mg/L',
    display: inBoth('mg/L', 'mg/L'),
    decimals: 1,
    aliases: ['microalbumin', 'urine microalbumin', 'malb', 'albumin urine', 'microalbumin urine'],
  },

  // Complete blood count, with the differential (adults, both sexes).
  {
    loinc: '6690-2',
    name: 'White blood cells',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '10*3/uL',
    display: THOUSANDS_PER_MICROLITRE,
    decimals: 1,
    range: { low: 4.5, high: 11 },
    critical: { low: 2, high: 30 },
    aliases: ['wbc', 'wbc count', 'white blood cell count', 'white cell count', 'white count', 'leukocytes', 'leukocyte count'],
    sameAs: ['26464-8'],
  },
  {
    loinc: '789-8',
    name: 'Red blood cells',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '10*6/uL',
    display: {
      metric: { ucum: '10*12/L', symbol: '×10¹²/L', factor: 1 },
      us: { ucum: '10*6/uL', symbol: '×10⁶/µL', factor: 1 },
    },
    decimals: 2,
    range: { low: 4.2, high: 5.9 },
    aliases: ['rbc', 'rbc count', 'red blood cell count', 'red cell count', 'erythrocytes', 'erythrocyte count'],
    sameAs: ['26453-1'],
  },
  {
    loinc: '718-7',
    name: 'Hemoglobin',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: 'g/dL',
    display: inBoth('g/dL', 'g/dL'),
    decimals: 1,
    range: { low: 12, high: 17.5 },
    critical: { low: 7, high: 20 },
    aliases: ['hgb', 'hb', 'haemoglobin'],
  },
  {
    loinc: '4544-3',
    name: 'Hematocrit',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 1,
    range: { low: 36, high: 50 },
    critical: { low: 20, high: 60 },
    aliases: ['hct', 'haematocrit', 'pcv', 'packed cell volume'],
    sameAs: ['20570-8'],
  },
  {
    loinc: '787-2',
    name: 'MCV',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: 'fL',
    display: inBoth('fL', 'fL'),
    decimals: 1,
    range: { low: 80, high: 100 },
    aliases: ['mean corpuscular volume', 'mean cell volume'],
    sameAs: ['30428-7'],
  },
  {
    loinc: '785-6',
    name: 'MCH',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: 'pg',
    display: inBoth('pg', 'pg'),
    decimals: 1,
    range: { low: 27, high: 33 },
    aliases: ['mean corpuscular hemoglobin', 'mean cell hemoglobin'],
    sameAs: ['28539-5'],
  },
  {
    loinc: '786-4',
    name: 'MCHC',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: 'g/dL',
    display: inBoth('g/dL', 'g/dL'),
    decimals: 1,
    range: { low: 32, high: 36 },
    aliases: ['mean corpuscular hemoglobin concentration', 'mean cell hemoglobin concentration'],
    sameAs: ['28540-3'],
  },
  {
    loinc: '788-0',
    name: 'RDW',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 1,
    range: { low: 11.5, high: 14.5 },
    aliases: ['rdw-cv', 'red cell distribution width', 'red blood cell distribution width', 'erythrocyte distribution width'],
    sameAs: ['30385-9'],
  },
  {
    // The same width as a volume (fL), not a percentage: a measure of its own.
    loinc: '21000-5',
    name: 'RDW-SD',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: 'fL',
    display: inBoth('fL', 'fL'),
    decimals: 1,
    range: { low: 39, high: 46 },
    aliases: ['red cell distribution width sd', 'erythrocyte distribution width entitic volume'],
    sameAs: ['30384-2'],
  },
  {
    loinc: '777-3',
    name: 'Platelets',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '10*3/uL',
    display: THOUSANDS_PER_MICROLITRE,
    decimals: 0,
    range: { low: 150, high: 450 },
    critical: { low: 20, high: 1000 },
    aliases: ['plt', 'platelet count', 'plt count', 'thrombocytes'],
    sameAs: ['26515-7'],
  },
  {
    // Analysers differ too much for one range.
    loinc: '32623-1',
    name: 'MPV',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: 'fL',
    display: inBoth('fL', 'fL'),
    decimals: 1,
    aliases: ['mean platelet volume', 'platelet mean volume'],
    sameAs: ['28542-9'],
  },
  {
    loinc: '32207-3',
    name: 'PDW',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: 'fL',
    display: inBoth('fL', 'fL'),
    decimals: 1,
    aliases: ['platelet distribution width'],
  },
  // The differential: each white cell as a share of them all (the name alone, as lab reports print it) and as a count.
  {
    loinc: '770-8',
    name: 'Neutrophils',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 1,
    range: { low: 40, high: 75 },
    aliases: ['neutrophils %', 'neutrophil %', 'neut %', 'neut', 'neutrophils percent'],
  },
  {
    loinc: '736-9',
    name: 'Lymphocytes',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 1,
    range: { low: 20, high: 45 },
    aliases: ['lymphocytes %', 'lymphocyte %', 'lymph %', 'lymphs', 'lymphocytes percent'],
  },
  {
    loinc: '5905-5',
    name: 'Monocytes',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 1,
    range: { low: 2, high: 10 },
    aliases: ['monocytes %', 'monocyte %', 'mono %', 'monos', 'monocytes percent'],
  },
  {
    loinc: '713-8',
    name: 'Eosinophils',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 1,
    range: { high: 6 },
    aliases: ['eosinophils %', 'eosinophil %', 'eos %', 'eos', 'eosinophils percent'],
  },
  {
    loinc: '706-2',
    name: 'Basophils',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 1,
    range: { high: 2 },
    aliases: ['basophils %', 'basophil %', 'baso %', 'basos', 'basophils percent'],
  },
  {
    loinc: '751-8',
    name: 'Absolute neutrophils',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '10*3/uL',
    display: THOUSANDS_PER_MICROLITRE,
    decimals: 2,
    // Below 0.5 (500 per µL) the risk of infection is severe.
    range: { low: 1.8, high: 7.7 },
    critical: { low: 0.5 },
    aliases: ['anc', 'absolute neutrophil count', 'neutrophils absolute', 'neutrophils #', 'neut #', 'neutrophil count'],
    sameAs: ['26499-4'],
  },
  {
    loinc: '731-0',
    name: 'Absolute lymphocytes',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '10*3/uL',
    display: THOUSANDS_PER_MICROLITRE,
    decimals: 2,
    range: { low: 1, high: 4.8 },
    aliases: ['alc', 'absolute lymphocyte count', 'lymphocytes absolute', 'lymphocytes #', 'lymph #', 'lymphocyte count'],
    sameAs: ['26474-7'],
  },
  {
    loinc: '742-7',
    name: 'Absolute monocytes',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '10*3/uL',
    display: THOUSANDS_PER_MICROLITRE,
    decimals: 2,
    range: { low: 0.2, high: 1 },
    aliases: ['absolute monocyte count', 'monocytes absolute', 'monocytes #', 'mono #', 'monocyte count'],
  },
  {
    loinc: '711-2',
    name: 'Absolute eosinophils',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '10*3/uL',
    display: THOUSANDS_PER_MICROLITRE,
    decimals: 2,
    range: { high: 0.5 },
    aliases: ['absolute eosinophil count', 'eosinophils absolute', 'eosinophils #', 'eos #', 'eosinophil count'],
  },
  {
    loinc: '704-7',
    name: 'Absolute basophils',
    kind: 'laboratory',
    panel: 'CBC',
    valueType: 'quantity',
    unit: '10*3/uL',
    display: THOUSANDS_PER_MICROLITRE,
    decimals: 2,
    range: { high: 0.2 },
    aliases: ['absolute basophil count', 'basophils absolute', 'basophils #', 'baso #', 'basophil count'],
  },

  // Metabolic panel (the basic panel's eight and the comprehensive's liver tests). Each in serum or plasma, with the
  // same test in blood (Synthea's codes) as its sameAs.
  {
    loinc: '2951-2',
    name: 'Sodium',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'mmol/L',
    display: inBoth('mmol/L', 'mmol/L'),
    charge: 1,
    decimals: 0,
    range: { low: 135, high: 145 },
    critical: { low: 120, high: 160 },
    aliases: ['na', 'serum sodium'],
    sameAs: ['2947-0'],
  },
  {
    loinc: '2823-3',
    name: 'Potassium',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'mmol/L',
    display: inBoth('mmol/L', 'mmol/L'),
    charge: 1,
    decimals: 1,
    range: { low: 3.5, high: 5.1 },
    critical: { low: 2.5, high: 6.5 },
    aliases: ['k', 'serum potassium'],
    sameAs: ['6298-4'],
  },
  {
    loinc: '2075-0',
    name: 'Chloride',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'mmol/L',
    display: inBoth('mmol/L', 'mmol/L'),
    charge: 1,
    decimals: 0,
    range: { low: 98, high: 107 },
    critical: { low: 80, high: 120 },
    aliases: ['cl', 'serum chloride'],
    sameAs: ['2069-3'],
  },
  {
    loinc: '2028-9',
    name: 'Carbon dioxide',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'mmol/L',
    display: inBoth('mmol/L', 'mmol/L'),
    charge: 1,
    decimals: 0,
    range: { low: 22, high: 29 },
    critical: { low: 10, high: 40 },
    aliases: ['co2', 'total co2', 'carbon dioxide total', 'bicarbonate', 'bicarb', 'hco3'],
    // In blood (20565-8); bicarbonate (1963-8), which is most of it and what many labs report under this line.
    sameAs: ['20565-8', '1963-8'],
  },
  {
    loinc: '3094-0',
    name: 'BUN',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: inBoth('mg/dL', 'mg/dL'),
    molarMass: UREA_NITROGEN,
    decimals: 0,
    range: { low: 7, high: 20 },
    aliases: ['urea nitrogen', 'blood urea nitrogen'],
    sameAs: ['6299-2'],
  },
  {
    loinc: '2160-0',
    name: 'Creatinine',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'umol/L', symbol: 'µmol/L', factor: 10_000 / CREATININE }, us: MG_PER_DL },
    molarMass: CREATININE,
    decimals: 2,
    range: { low: 0.6, high: 1.3 },
    aliases: ['creat', 'cr', 'serum creatinine', 'creatinine serum'],
    // In blood (38483-4, Synthea's); by amount in serum or plasma (14682-9).
    sameAs: ['38483-4', '14682-9'],
  },
  {
    loinc: '33914-3',
    name: 'eGFR',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'mL/min/{1.73_m2}',
    display: inBoth('mL/min/{1.73_m2}', 'mL/min/1.73 m²'),
    decimals: 0,
    // KDIGO: below 60 for three months is chronic kidney disease; below 15 kidney failure.
    range: { low: 60 },
    critical: { low: 15 },
    aliases: ['gfr', 'estimated gfr', 'estimated glomerular filtration rate', 'glomerular filtration rate', 'egfr ckd-epi', 'egfr mdrd'],
    // By MDRD (33914-3, Synthea's), CKD-EPI (62238-1), MDRD for non-Black and Black patients (48642-3, 48643-1), and
    // the race-free CKD-EPI 2021 (98979-8).
    sameAs: ['62238-1', '48642-3', '48643-1', '98979-8'],
  },
  {
    loinc: '3097-3',
    name: 'BUN/creatinine ratio',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: '{ratio}',
    display: inBoth('{ratio}', ''),
    decimals: 0,
    range: { low: 10, high: 20 },
    aliases: ['bun/creat ratio', 'bun/creatinine', 'urea nitrogen/creatinine ratio', 'bun/cr ratio'],
  },
  {
    loinc: '17861-6',
    name: 'Calcium',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: inBoth('mg/dL', 'mg/dL'),
    molarMass: CALCIUM,
    charge: 2,
    decimals: 1,
    range: { low: 8.6, high: 10.3 },
    critical: { low: 6, high: 13 },
    aliases: ['ca', 'serum calcium', 'total calcium'],
    sameAs: ['49765-1'],
  },
  {
    loinc: '33037-3',
    name: 'Anion gap',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'mmol/L',
    display: inBoth('mmol/L', 'mmol/L'),
    charge: 1,
    decimals: 0,
    // The range depends on how the lab measures chloride (3 to 11 on newer analysers, 8 to 16 on older ones).
    aliases: ['ag', 'anion gap calculated'],
  },
  {
    loinc: '2885-2',
    name: 'Total protein',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'g/dL',
    display: inBoth('g/dL', 'g/dL'),
    decimals: 1,
    range: { low: 6, high: 8.3 },
    aliases: ['protein', 'protein total', 'tp', 'serum protein', 'total serum protein'],
  },
  {
    loinc: '1751-7',
    name: 'Albumin',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'g/dL',
    display: inBoth('g/dL', 'g/dL'),
    decimals: 1,
    range: { low: 3.5, high: 5 },
    aliases: ['alb', 'serum albumin', 'albumin serum'],
  },
  {
    loinc: '10834-0',
    name: 'Globulin',
    kind: 'laboratory',
    panel: 'Metabolic panel',
    valueType: 'quantity',
    unit: 'g/dL',
    display: inBoth('g/dL', 'g/dL'),
    decimals: 1,
    range: { low: 2, high: 3.5 },
    aliases: ['glob', 'total globulin', 'globulin total', 'calculated globulin'],
  },
  {
    loinc: '1975-2',
    name: 'Total bilirubin',
    kind: 'laboratory',
    panel: 'Liver',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'umol/L', symbol: 'µmol/L', factor: 10_000 / BILIRUBIN }, us: MG_PER_DL },
    molarMass: BILIRUBIN,
    decimals: 1,
    range: { high: 1.2 },
    aliases: ['bilirubin', 'tbil', 't bili', 'bilirubin total', 'total bili'],
  },
  {
    loinc: '1968-7',
    name: 'Direct bilirubin',
    kind: 'laboratory',
    panel: 'Liver',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'umol/L', symbol: 'µmol/L', factor: 10_000 / BILIRUBIN }, us: MG_PER_DL },
    molarMass: BILIRUBIN,
    decimals: 1,
    range: { high: 0.3 },
    aliases: ['dbil', 'd bili', 'bilirubin direct', 'conjugated bilirubin'],
  },
  {
    loinc: '6768-6',
    name: 'Alkaline phosphatase',
    kind: 'laboratory',
    panel: 'Liver',
    valueType: 'quantity',
    unit: 'U/L',
    display: inBoth('U/L', 'U/L'),
    decimals: 0,
    range: { low: 44, high: 147 },
    aliases: ['alp', 'alk phos', 'alkp', 'alkaline phosphatase total'],
  },
  {
    loinc: '1742-6',
    name: 'ALT',
    kind: 'laboratory',
    panel: 'Liver',
    valueType: 'quantity',
    unit: 'U/L',
    display: inBoth('U/L', 'U/L'),
    decimals: 0,
    range: { high: 56 },
    aliases: ['alanine aminotransferase', 'alanine transaminase', 'sgpt', 'alt sgpt', 'gpt'],
  },
  {
    loinc: '1920-8',
    name: 'AST',
    kind: 'laboratory',
    panel: 'Liver',
    valueType: 'quantity',
    unit: 'U/L',
    display: inBoth('U/L', 'U/L'),
    decimals: 0,
    range: { high: 40 },
    aliases: ['aspartate aminotransferase', 'aspartate transaminase', 'sgot', 'ast sgot', 'got'],
  },
  {
    // The range differs too much between women and men for one adult range.
    loinc: '2324-2',
    name: 'GGT',
    kind: 'laboratory',
    panel: 'Liver',
    valueType: 'quantity',
    unit: 'U/L',
    display: inBoth('U/L', 'U/L'),
    decimals: 0,
    aliases: ['gamma gt', 'gamma-glutamyl transferase', 'gamma glutamyltransferase', 'ggtp', 'gamma-glutamyl transpeptidase'],
  },

  // Thyroid.
  {
    loinc: '3016-3',
    name: 'TSH',
    kind: 'laboratory',
    panel: 'Thyroid',
    valueType: 'quantity',
    // mIU/L, the same number as µIU/mL, which US reports print.
    unit: 'm[IU]/L',
    display: inBoth('m[IU]/L', 'mIU/L'),
    decimals: 2,
    range: { low: 0.4, high: 4.5 },
    aliases: ['thyrotropin', 'thyroid-stimulating hormone', 'tsh 3rd generation'],
  },
  {
    loinc: '3024-7',
    name: 'Free T4',
    kind: 'laboratory',
    panel: 'Thyroid',
    valueType: 'quantity',
    unit: 'ng/dL',
    display: { metric: { ucum: 'pmol/L', symbol: 'pmol/L', factor: 10_000 / THYROXINE }, us: { ucum: 'ng/dL', symbol: 'ng/dL', factor: 1 } },
    molarMass: THYROXINE,
    decimals: 2,
    range: { low: 0.8, high: 1.8 },
    aliases: ['ft4', 't4 free', 'free thyroxine', 'thyroxine free', 'free t4 direct'],
  },
  {
    loinc: '3051-0',
    name: 'Free T3',
    kind: 'laboratory',
    panel: 'Thyroid',
    valueType: 'quantity',
    unit: 'pg/mL',
    display: { metric: { ucum: 'pmol/L', symbol: 'pmol/L', factor: 1000 / TRIIODOTHYRONINE }, us: { ucum: 'pg/mL', symbol: 'pg/mL', factor: 1 } },
    molarMass: TRIIODOTHYRONINE,
    decimals: 1,
    range: { low: 2.3, high: 4.2 },
    aliases: ['ft3', 't3 free', 'free triiodothyronine', 'triiodothyronine free'],
  },

  // Vitamins, iron and minerals.
  {
    loinc: '1989-3',
    name: 'Vitamin D',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: 'ng/mL',
    display: { metric: { ucum: 'nmol/L', symbol: 'nmol/L', factor: 1000 / CALCIDIOL }, us: { ucum: 'ng/mL', symbol: 'ng/mL', factor: 1 } },
    molarMass: CALCIDIOL,
    decimals: 0,
    // Endocrine Society: below 30 ng/mL is insufficient; above 150 toxic.
    range: { low: 30, high: 100 },
    critical: { high: 150 },
    aliases: [
      'vitamin d 25-oh',
      'vitamin d 25-hydroxy',
      '25-oh vitamin d',
      '25-hydroxyvitamin d',
      '25(oh)d',
      'calcidiol',
      'vit d',
      'vitamin d total',
    ],
  },
  {
    loinc: '2498-4',
    name: 'Iron',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: 'ug/dL',
    display: inBoth('ug/dL', 'µg/dL'),
    molarMass: IRON,
    decimals: 0,
    range: { low: 60, high: 170 },
    aliases: ['fe', 'serum iron', 'iron total', 'iron serum'],
  },
  {
    loinc: '2500-7',
    name: 'TIBC',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: 'ug/dL',
    display: inBoth('ug/dL', 'µg/dL'),
    molarMass: IRON,
    decimals: 0,
    range: { low: 250, high: 450 },
    aliases: ['total iron binding capacity', 'iron binding capacity'],
  },
  {
    loinc: '2502-3',
    name: 'Iron saturation',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: '%',
    display: inBoth('%', '%'),
    decimals: 0,
    range: { low: 20, high: 50 },
    aliases: ['transferrin saturation', 'iron sat', 'tsat', '% saturation', 'percent saturation'],
  },
  {
    loinc: '2276-4',
    name: 'Ferritin',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: 'ng/mL',
    display: inBoth('ng/mL', 'ng/mL'),
    decimals: 0,
    range: { low: 15, high: 300 },
    aliases: ['serum ferritin', 'ferritin serum'],
  },
  {
    loinc: '2132-9',
    name: 'Vitamin B12',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: 'pg/mL',
    display: inBoth('pg/mL', 'pg/mL'),
    molarMass: COBALAMIN,
    decimals: 0,
    range: { low: 200, high: 900 },
    aliases: ['b12', 'vit b12', 'cobalamin', 'cyanocobalamin'],
  },
  {
    loinc: '2284-8',
    name: 'Folate',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: 'ng/mL',
    display: inBoth('ng/mL', 'ng/mL'),
    molarMass: FOLATE,
    decimals: 1,
    // WHO: below 4 ng/mL (10 nmol/L) is deficiency.
    range: { low: 4 },
    aliases: ['folic acid', 'serum folate', 'folate serum', 'vitamin b9'],
  },
  {
    loinc: '19123-9',
    name: 'Magnesium',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: inBoth('mg/dL', 'mg/dL'),
    molarMass: MAGNESIUM,
    charge: 2,
    decimals: 1,
    range: { low: 1.7, high: 2.2 },
    critical: { low: 1, high: 5 },
    aliases: ['mg', 'serum magnesium', 'magnesium serum'],
  },
  {
    loinc: '2777-1',
    name: 'Phosphorus',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: inBoth('mg/dL', 'mg/dL'),
    molarMass: PHOSPHORUS,
    decimals: 1,
    range: { low: 2.5, high: 4.5 },
    critical: { low: 1 },
    aliases: ['phosphate', 'phos', 'serum phosphorus', 'inorganic phosphorus', 'po4'],
  },
  {
    loinc: '3084-1',
    name: 'Uric acid',
    kind: 'laboratory',
    panel: 'Vitamins and minerals',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: { metric: { ucum: 'umol/L', symbol: 'µmol/L', factor: 10_000 / URIC_ACID }, us: MG_PER_DL },
    molarMass: URIC_ACID,
    decimals: 1,
    range: { low: 3.5, high: 7.2 },
    aliases: ['urate', 'serum uric acid', 'uric acid serum'],
  },

  // Inflammation.
  {
    loinc: '1988-5',
    name: 'CRP',
    kind: 'laboratory',
    panel: 'Inflammation',
    valueType: 'quantity',
    unit: 'mg/L',
    display: inBoth('mg/L', 'mg/L'),
    decimals: 1,
    range: { high: 10 },
    aliases: ['c-reactive protein'],
  },
  {
    loinc: '30522-7',
    name: 'hs-CRP',
    kind: 'laboratory',
    panel: 'Inflammation',
    valueType: 'quantity',
    unit: 'mg/L',
    display: inBoth('mg/L', 'mg/L'),
    decimals: 1,
    // AHA/CDC: above 3 mg/L is a high cardiovascular risk.
    range: { high: 3 },
    aliases: ['hscrp', 'high sensitivity crp', 'high-sensitivity c-reactive protein', 'cardio crp', 'crp high sensitivity'],
  },
  {
    loinc: '4537-7',
    name: 'ESR',
    kind: 'laboratory',
    panel: 'Inflammation',
    valueType: 'quantity',
    unit: 'mm/h',
    display: inBoth('mm/h', 'mm/h'),
    decimals: 0,
    range: { high: 20 },
    aliases: ['sed rate', 'sedimentation rate', 'erythrocyte sedimentation rate', 'westergren'],
    // By a method not named.
    sameAs: ['30341-2'],
  },

  // Coagulation.
  {
    loinc: '6301-6',
    name: 'INR',
    kind: 'laboratory',
    panel: 'Coagulation',
    valueType: 'quantity',
    unit: '{INR}',
    display: inBoth('{INR}', ''),
    decimals: 1,
    // Without an anticoagulant; on warfarin the target is usually 2 to 3, and the lab's range says so.
    range: { low: 0.8, high: 1.1 },
    critical: { high: 5 },
    aliases: ['pt/inr', 'international normalized ratio', 'prothrombin inr'],
  },
  {
    loinc: '5902-2',
    name: 'Prothrombin time',
    kind: 'laboratory',
    panel: 'Coagulation',
    valueType: 'quantity',
    unit: 's',
    display: inBoth('s', 's'),
    decimals: 1,
    range: { low: 11, high: 13.5 },
    aliases: ['pt', 'protime', 'prothrombin time pt'],
  },

  // Heart.
  {
    loinc: '30934-4',
    name: 'BNP',
    kind: 'laboratory',
    panel: 'Heart',
    valueType: 'quantity',
    unit: 'pg/mL',
    display: inBoth('pg/mL', 'pg/mL'),
    decimals: 0,
    range: { high: 100 },
    aliases: ['b-type natriuretic peptide', 'brain natriuretic peptide', 'natriuretic peptide b'],
  },
  {
    loinc: '33762-6',
    name: 'NT-proBNP',
    kind: 'laboratory',
    panel: 'Heart',
    valueType: 'quantity',
    unit: 'pg/mL',
    display: inBoth('pg/mL', 'pg/mL'),
    decimals: 0,
    // ESC: 125 pg/mL rules heart failure out outside hospital.
    range: { high: 125 },
    aliases: ['ntprobnp', 'pro-bnp', 'n-terminal pro-bnp', 'n-terminal pro b-type natriuretic peptide'],
  },

  // Prostate.
  {
    loinc: '2857-1',
    name: 'PSA',
    kind: 'laboratory',
    panel: 'Prostate',
    valueType: 'quantity',
    unit: 'ng/mL',
    display: inBoth('ng/mL', 'ng/mL'),
    decimals: 2,
    range: { high: 4 },
    aliases: ['prostate-specific antigen', 'psa total', 'total psa'],
  },

  // Urinalysis: the dipstick's lines, most of them words ('negative', 'trace', '1+').
  {
    loinc: '5803-2',
    name: 'Urine pH',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'quantity',
    unit: '[pH]',
    display: inBoth('[pH]', ''),
    decimals: 1,
    range: { low: 4.5, high: 8 },
    aliases: ['ph', 'ph urine', 'urine ph test strip'],
  },
  {
    loinc: '5811-5',
    name: 'Urine specific gravity',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'quantity',
    unit: '1',
    display: inBoth('1', ''),
    decimals: 3,
    range: { low: 1.005, high: 1.03 },
    aliases: ['specific gravity', 'sg', 'sp gr', 'specific gravity urine', 'urine sg'],
  },
  {
    loinc: '25428-4',
    name: 'Urine glucose',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'text',
    decimals: 0,
    aliases: ['glucose urine', 'urine sugar', 'glucose ua', 'ua glucose'],
  },
  {
    loinc: '20454-5',
    name: 'Urine protein',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'text',
    decimals: 0,
    aliases: ['protein urine', 'protein ua', 'ua protein', 'urine protein qualitative'],
  },
  {
    loinc: '2514-8',
    name: 'Urine ketones',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'text',
    decimals: 0,
    aliases: ['ketones', 'ketones urine', 'ua ketones', 'urine ketone', 'ketone'],
  },
  {
    loinc: '5794-3',
    name: 'Urine blood',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'text',
    decimals: 0,
    aliases: ['blood urine', 'occult blood urine', 'ua blood', 'urine hemoglobin', 'hemoglobin urine'],
  },
  {
    loinc: '5799-2',
    name: 'Urine leukocyte esterase',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'text',
    decimals: 0,
    aliases: ['leukocyte esterase', 'leukocytes urine', 'urine leukocytes', 'ua leukocytes', 'le'],
  },
  {
    loinc: '5802-4',
    name: 'Urine nitrite',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'text',
    decimals: 0,
    aliases: ['nitrite', 'nitrites', 'nitrite urine', 'ua nitrite'],
  },
  {
    loinc: '5770-3',
    name: 'Urine bilirubin',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'text',
    decimals: 0,
    aliases: ['bilirubin urine', 'ua bilirubin'],
  },
  {
    loinc: '20405-7',
    name: 'Urobilinogen',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'quantity',
    unit: 'mg/dL',
    display: inBoth('mg/dL', 'mg/dL'),
    decimals: 1,
    range: { low: 0.2, high: 1 },
    aliases: ['urine urobilinogen', 'urobilinogen urine', 'ua urobilinogen'],
  },
  {
    loinc: '5778-6',
    name: 'Urine color',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'text',
    decimals: 0,
    aliases: ['color', 'colour', 'urine colour', 'color urine'],
  },
  {
    loinc: '5767-9',
    name: 'Urine appearance',
    kind: 'laboratory',
    panel: 'Urinalysis',
    valueType: 'text',
    decimals: 0,
    aliases: ['appearance', 'clarity', 'urine clarity', 'appearance urine'],
  },
];

/** Every measure's code: the contract's z.enum of a reading's `code` (a non-empty tuple, as z.enum asks). */
export const MEASURE_CODES = MEASURES.map((measure) => measure.loinc) as [string, ...string[]];

/** Every code a measure is known by: its own and the other systems' (`sameAs`), which the API accepts as the measure's. */
export const KNOWN_MEASURE_CODES = MEASURES.flatMap((measure) => [measure.loinc, ...(measure.sameAs ?? [])]) as [string, ...string[]];

const BY_CODE = new Map<string, Measure>(
  MEASURES.flatMap((measure) => [measure.loinc, ...(measure.sameAs ?? [])].map((code) => [code, measure] as const)),
);

/**
 * The measure of a LOINC code: its own code or one of its `sameAs` (a glucose in blood is Glucose). Blood pressure's
 * components (SYSTOLIC, DIASTOLIC) are not measures: an import reads them as the two numbers of its panel.
 */
export function measureOf(code: string): Measure | undefined {
  return BY_CODE.get(code.trim());
}

const BY_KIND = new Map<MeasureKind, readonly Measure[]>(MEASURE_KINDS.map((kind) => [kind, MEASURES.filter((measure) => measure.kind === kind)]));

/** The measures of one kind, in the table's order: the Vitals page's, or the Lab Results page's. */
export function measuresOfKind(kind: MeasureKind): readonly Measure[] {
  return BY_KIND.get(kind) ?? [];
}

// Synthea's displays, and text pasted from a web page, carry zero-width spaces and joiners.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * Words as they are compared: lower case, without zero-width characters, punctuation turned to single spaces. '%' and
 * '#' stay, as words of their own: 'Neutrophils %' is a share of the white cells, 'Neutrophils #' a count.
 */
function wordsKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(ZERO_WIDTH, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%#]+/gu, ' ')
    .replace(/[%#]/g, ' $& ')
    .replace(/\s+/g, ' ')
    .trim();
}

const BY_WORDS = new Map<string, Measure>(
  MEASURES.flatMap((measure) => [measure.name, ...measure.aliases].map((words) => [wordsKey(words), measure] as const)),
);

/** The words of a unit a column's name may end with ('Historic Glucose mg/dL', 'Weight lbs'), as wordsKey leaves them. */
const UNIT_WORDS = new Set([
  ...['mg', 'g', 'kg', 'ug', 'mcg', 'μg', 'ng', 'pg', 'lb', 'lbs', 'oz', 'mmol', 'umol', 'μmol', 'nmol', 'pmol', 'mol', 'meq'],
  ...['l', 'dl', 'ml', 'ul', 'μl', 'mcl', 'fl', 'cm', 'mm', 'm', 'in', 'inch', 'inches', 'ft', 'mmhg', 'hg', 'm2'],
  ...['c', 'f', 'deg', 'degc', 'degf', 'celsius', 'fahrenheit', '%', 'percent', 'pct', 'bpm', 'min', 'h', 'hr', 's', 'sec'],
  ...['iu', 'miu', 'uiu', 'μiu', 'u', 'units', 'k', 'thou', 'x10e3', 'x10e6', 'x10e9', 'x10e12', 'cells', 'per'],
]);

const isUnitWord = (word: string) => UNIT_WORDS.has(word) || /^\d/.test(word);

/**
 * The words without the unit they end with: 'historic glucose mg dl' → 'historic glucose'. Words that are all a unit
 * stay as they are: 'mg dl' is no measure, though 'mg' alone is magnesium.
 */
function withoutTrailingUnit(key: string): string {
  const words = key.split(' ');
  const lastWord = words.findLastIndex((word) => !isUnitWord(word));
  return lastWord < 0 ? key : words.slice(0, lastWord + 1).join(' ');
}

/**
 * The measure a CSV column or a lab report's line names, by its name or one of its aliases: case, punctuation, extra
 * spaces and zero-width characters aside, and without a trailing unit, in parentheses, after a comma or last:
 * 'Glucose (mg/dL)', 'Historic Glucose mg/dL', 'Weight, kg'. 'Systolic' and 'Diastolic' are blood pressure, whose two
 * numbers they are.
 */
export function measureByWords(words: string): Measure | undefined {
  // A zero-width character may sit inside a word or stand for the space between two: both are tried.
  const texts = [words.replace(ZERO_WIDTH, ''), words.replace(ZERO_WIDTH, ' ')];
  const keys = [...new Set(texts.flatMap((text) => [wordsKey(text), wordsKey(text.split(/[([,]/)[0]!)]))].filter((key) => key !== '');
  for (const key of keys) {
    const measure = BY_WORDS.get(key);
    if (measure) return measure;
  }
  for (const key of keys) {
    const measure = BY_WORDS.get(withoutTrailingUnit(key));
    if (measure) return measure;
  }
  return undefined;
}

/** The symbols of the units a measure is shown in, its chart unit's first: ['mg/dL', 'mmol/L']. */
function unitSymbols(measure: Measure): string[] {
  if (!measure.display) return [];
  const { metric, us } = measure.display;
  const ordered = us.ucum === measure.unit ? [us, metric] : [metric, us];
  return [...new Set(ordered.map((unit) => unit.symbol).filter((symbol) => symbol !== ''))];
}

/**
 * The name with the units it is read in, as a sentence about its units names it: 'Glucose (mg/dL, mmol/L)', 'Weight
 * (kg, lb)'. A measure without a unit's symbol (words, a score, a ratio) is its name alone.
 */
export function measureTitle(measure: Measure): string {
  const symbols = unitSymbols(measure);
  return symbols.length > 0 ? `${measure.name} (${symbols.join(', ')})` : measure.name;
}
