import { describe, expect, it } from 'vitest';
import { replyFromRules } from '../rules';
import { EMPTY, FACTS } from '../../../../testing/assistant-fixtures';

describe('records: answers cite the patient’s medical records', () => {
  it.each<[string, string[]]>([
    ['How many records do I have?', ['2 medical records', 'lab-results-cbc.pdf', 'Blood work from the annual physical', 'November 19, 2026']],
  ])('%j', (question, expected) => {
    const reply = replyFromRules(question, FACTS);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it.each<[string, string[]]>([
    ['How many records do I have?', ["don't have any medical records on file", 'Medical Records → Upload New Record']],
  ])('with nothing on file, %j says so and where to add it', (question, expected) => {
    const reply = replyFromRules(question, EMPTY);
    for (const fact of expected) expect(reply).toContain(fact);
  });
});
