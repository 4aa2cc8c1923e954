import { describe, expect, it } from 'vitest';
import { GUIDELINES } from './guidelines';
import { MEASURES, SCREENING_IDS } from './measures';
import { screeningOfMeasure, withinInterval } from './reading-screening';

describe('the screening a reading is', () => {
  it('names a guideline for each screening of the measures table', () => {
    expect(SCREENING_IDS.map((id) => GUIDELINES.find((rule) => rule.id === id)?.service)).toEqual([
      'Blood pressure screening',
      'Cholesterol screening',
      'Prediabetes and type 2 diabetes screening',
    ]);
  });

  it('is blood pressure’s, each lipid panel test’s and the A1c’s, by any of their codes, and no other measure’s', () => {
    expect(screeningOfMeasure('85354-9')?.id).toBe('blood-pressure');
    expect(screeningOfMeasure('55284-4')?.id).toBe('blood-pressure');
    expect(screeningOfMeasure('13457-7')?.id).toBe('cholesterol');
    expect(screeningOfMeasure('4548-4')?.id).toBe('diabetes');
    const counted = MEASURES.filter((measure) => screeningOfMeasure(measure.loinc) !== null).map((measure) => measure.panel ?? measure.name);
    expect(counted).toEqual(['Blood pressure', ...Array<string>(6).fill('Lipid panel'), 'Diabetes']);
    expect(screeningOfMeasure('2345-7')).toBeNull();
    expect(screeningOfMeasure('not-a-code')).toBeNull();
  });

  it('counts a reading still within the screening’s interval on today', () => {
    const bloodPressure = screeningOfMeasure('85354-9')!;
    expect(withinInterval(bloodPressure, '2024-11-30', '2026-11-29')).toBe(true);
    expect(withinInterval(bloodPressure, '2024-11-29', '2026-11-29')).toBe(false);
    expect(withinInterval({ intervalMonths: null }, '1990-01-01', '2026-11-29')).toBe(true);
  });
});
