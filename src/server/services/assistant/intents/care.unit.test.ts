import { describe, expect, it } from 'vitest';
import type { PatientFacts } from '../patient-facts';
import { replyFromRules } from '../rules';
import { EMPTY, FACTS } from '../../../../testing/assistant-fixtures';

describe('care-due: answers cite the patient’s Preventative Care list', () => {
  it.each<[string, string[]]>([
    ['What care is overdue?', ['Overdue: Dental Cleaning (due November 10, 2026)', 'Blood Pressure Check (due January 22, 2027)', 'Already scheduled: Eye Examination']],
    ['Is my dental cleaning overdue?', ['Dental Cleaning is overdue', 'November 10, 2026', '12 days ago', 'last completed on May 22, 2026']],
    ['Is my flu shot due?', ['Flu Vaccine is next due on October 22, 2027', 'last completed on October 22, 2026']],
    ['Is my eye exam overdue?', ['Eye Examination is scheduled with Dr. James Patel on Tuesday, December 1, 2026 at 2:00 PM']],
    ['when is my cholesterol screening due', ['Cholesterol Screening is next due on April 22, 2027']],
  ])('%j', (question, expected) => {
    const reply = replyFromRules(question, FACTS);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it.each<[string, string[]]>([
    ['What care is overdue?', ['no preventative care items on file', 'Preventative Care']],
  ])('with nothing on file, %j says so and where to add it', (question, expected) => {
    const reply = replyFromRules(question, EMPTY);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it('says all care is up to date, and names what is next, when nothing is overdue or due soon', () => {
    const facts: PatientFacts = { ...FACTS, care: FACTS.care.filter((item) => item.status === 'upcoming' || item.status === 'completed') };
    const reply = replyFromRules('Is anything overdue?', facts);
    expect(reply).toContain('Your preventative care is up to date');
    expect(reply).toContain('Next up: Cholesterol Screening, due April 22, 2027');
  });
});
