import { addMonths, format, parseISO } from 'date-fns';
import { GUIDELINES, type Guideline } from './guidelines';
import { measureOf } from './measures';

// A reading that is a screening (issue 35): a blood pressure taken, a lipid panel's test, an A1c. It counts as that
// screening done on its day once the patient confirms it (POST /api/observations/{id}/screening): a reading alone
// does not say whether it was the screening or a check among others, and the patient's word is what the record keeps.

/** The guideline a reading of this measure can count for, or null: the measures table says which (`screening`). */
export function screeningOfMeasure(code: string): Guideline | null {
  const id = measureOf(code)?.screening;
  return id === undefined ? null : (GUIDELINES.find((rule) => rule.id === id) ?? null);
}

/**
 * Whether a reading taken on `day` is recent enough to count: done then, the screening is not due again before
 * `today` (within its interval; a once-only one always). Both 'yyyy-MM-dd'.
 */
export function withinInterval(rule: Pick<Guideline, 'intervalMonths'>, day: string, today: string): boolean {
  return rule.intervalMonths === null || format(addMonths(parseISO(day), rule.intervalMonths), 'yyyy-MM-dd') > today;
}
