// A data table: the procedures that are screenings, so that an imported Procedure done becomes a completed care item
// (preventative care), and every other procedure (chemotherapy, an extraction, a suture) does not. Known by SNOMED CT
// code, else by the words of the guidelines' screenings (rules/guidelines.ts).

import { CODE_SYSTEMS, type Coding } from './codes';
import { GUIDELINES } from './guidelines';
import { matchesGuideline } from './recommendations';

/** SNOMED CT codes of screening procedures as Synthea and US EHRs record them. */
export const SCREENING_SNOMED: Readonly<Record<string, string>> = {
  '73761001': 'Colonoscopy',
  '275978004': 'Screening for malignant neoplasm of colon',
  '71651007': 'Mammography',
  '24623002': 'Screening mammography',
  '268547008': 'Screening for malignant neoplasm of breast',
  '90226004': 'Cytopathology procedure, preparation of smear, genital source (Pap test)',
  '171207006': 'Depression screening',
  '454711000124102': 'Depression screening using Patient Health Questionnaire Two-Item score',
  '312681000': 'Bone density scan',
  '16254007': 'Lipid panel',
};

/** Whether a procedure done is a screening: by its SNOMED CT code, else by its words matching a screening guideline. */
export function isScreening(words: string | null, codes: readonly Coding[]): boolean {
  if (codes.some((coding) => coding.system === CODE_SYSTEMS.snomed && Object.hasOwn(SCREENING_SNOMED, coding.code))) return true;
  return words !== null && GUIDELINES.some((rule) => rule.source !== 'ACIP' && matchesGuideline(rule, words));
}
