import { describe, expect, it } from 'vitest';
import { replyFromRules } from '../rules';
import { FACTS } from '../../../../testing/assistant-fixtures';

describe('symptoms: where to take them', () => {
  it.each<[string, string[]]>([
    ['I have a headache', ["can't assess symptoms", 'Eye Examination with Dr. James Patel']],
    ['I have been feeling anxious', ['call or text 988']],
  ])('%j', (question, expected) => {
    const reply = replyFromRules(question, FACTS);
    for (const fact of expected) expect(reply).toContain(fact);
  });
});
