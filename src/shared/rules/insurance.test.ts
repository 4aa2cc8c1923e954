import { describe, expect, it } from 'vitest';
import { insuranceDocumentDescription, metAboveTotal } from './insurance';

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
