// A data table: the CVX codes (CDC's vaccine codes, https://www2.cdc.gov/vaccines/iis/iisstandards/vaccines.asp)
// by which preventative care knows a given vaccine for what it is, whatever words the record used.

import { CODE_SYSTEMS, codeIn, type Coding } from './codes';

/** Td and Tdap, adult and unspecified: each counts as the tetanus booster. */
export const TETANUS_BOOSTER_CVX = ['09', '113', '115', '138', '139', '196'] as const;

/** Every influenza vaccine, seasonal and of any kind (injected, intranasal, high-dose, adjuvanted, cell-based). */
export const INFLUENZA_CVX = [
  '15', '16', '88', '111', '125', '126', '127', '128', '135', '140', '141', '144', '149', '150', '151', '153', '155', '158',
  '160', '161', '166', '168', '171', '185', '186', '197', '200', '201', '202', '205', '231', '320',
] as const;

/** The guidelines (rules/guidelines.ts, by id) that this table knows the CVX codes of. */
export const CVX_OF_GUIDELINE: Readonly<Record<string, readonly string[]>> = {
  tetanus: TETANUS_BOOSTER_CVX,
  influenza: INFLUENZA_CVX,
};

/**
 * Whether a vaccine given counts for a guideline by its CVX code: true or false when the guideline is one this table
 * knows and the vaccine has a CVX code (a COVID-19 vaccine whose words mention the flu is not the flu vaccine);
 * undefined when the code cannot say, and the words decide.
 */
export function countsByCode(guidelineId: string, codes: readonly Coding[]): boolean | undefined {
  const known = CVX_OF_GUIDELINE[guidelineId];
  const cvx = codeIn(codes, CODE_SYSTEMS.cvx)?.trim();
  if (!known || !cvx) return undefined;
  // CVX codes are written with and without a leading zero ('09', '9').
  return known.some((code) => Number(code) === Number(cvx));
}
