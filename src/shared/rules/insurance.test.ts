import { describe, expect, it } from 'vitest';
import { insuranceDocumentDescription, isInsuranceDocument, metAboveTotal } from './insurance';

describe('metAboveTotal', () => {
  const plan = { deductible: 1000, deductibleMet: 250, outOfPocketMax: 4000, outOfPocketMet: 500 };

  it.each([
    ['both within their totals', {}, []],
    ['both equal to their totals', { deductibleMet: 1000, outOfPocketMet: 4000 }, []],
    ['all zero', { deductible: 0, deductibleMet: 0, outOfPocketMax: 0, outOfPocketMet: 0 }, []],
    ['the deductible met above the deductible', { deductibleMet: 1001 }, ['deductibleMet: Deductible met cannot exceed the deductible']],
    ['the out-of-pocket met above the maximum', { outOfPocketMet: 4001 }, ['outOfPocketMet: Out-of-pocket met cannot exceed the maximum']],
    [
      'both above',
      { deductible: 0, deductibleMet: 1, outOfPocketMax: 0, outOfPocketMet: 1 },
      ['deductibleMet: Deductible met cannot exceed the deductible', 'outOfPocketMet: Out-of-pocket met cannot exceed the maximum'],
    ],
  ])('%s', (_case, overrides, expected) => {
    expect(metAboveTotal({ ...plan, ...overrides }).map(({ field, message }) => `${field}: ${message}`)).toEqual(expected);
  });
});

describe('isInsuranceDocument', () => {
  const plans = new Set([7]);
  const record = (filename: string, description: string | null, insuranceId: number | null = null) => ({ filename, description, insuranceId });

  it.each([
    ['uploaded for one of the patient’s plans, whatever its name', record('scan-0042.pdf', null, 7), true],
    ['uploaded for a plan that is not the patient’s', record('scan-0042.pdf', null, 8), false],
    ['a filename mentioning insurance, in any case', record('INSURANCE-card.png', null), true],
    ['a description mentioning insurance', record('card.png', 'My Insurance card'), true],
    ['the description an insurance upload sends', record('x.pdf', 'Insurance document'), true],
    ['a lab report', record('lab-results.pdf', 'Blood panel'), false],
    ['no description at all', record('xray.png', null), false],
  ])('%s → %s', (_case, candidate, expected) => {
    expect(isInsuranceDocument(candidate, plans)).toBe(expected);
  });
});

describe('insuranceDocumentDescription', () => {
  it.each([
    ['', 'Insurance document'],
    ['   ', 'Insurance document'],
    [undefined, 'Insurance document'],
    [null, 'Insurance document'],
    ['  2026 card, front ', 'Insurance document: 2026 card, front'],
  ])('%j → %j', (text, expected) => {
    expect(insuranceDocumentDescription(text)).toBe(expected);
  });
});
