import { describe, expect, it } from 'vitest';
import { CODE_SYSTEMS } from './codes';
import { isScreening } from './screenings';

const snomed = (code: string) => [{ system: CODE_SYSTEMS.snomed, code }];

describe('which procedures are screenings (issue 34)', () => {
  it.each([
    ['a colonoscopy by its code, whatever its words', 'Procedure 1', snomed('73761001'), true],
    ['a mammogram by its words', 'Screening mammography', [], true],
    ['a depression screening by its PHQ-2 code', 'Assessment', snomed('454711000124102'), true],
    ['chemotherapy', 'Chemotherapy (procedure)', snomed('367336001'), false],
    ['a tooth extraction', 'Extraction of tooth', [], false],
    ['a vaccine is not a screening (it is an immunization)', 'Influenza vaccine', [], false],
    ['a procedure with neither words nor a known code', null, snomed('1'), false],
  ])('%s', (_case, words, codes, expected) => {
    expect(isScreening(words, codes)).toBe(expected);
  });
});
