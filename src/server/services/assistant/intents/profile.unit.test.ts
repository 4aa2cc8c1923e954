import { describe, expect, it } from 'vitest';
import { replyFromRules } from '../rules';
import { EMPTY, FACTS } from '../../../../testing/assistant-fixtures';

// Medications have their own list and log: intents/medications.unit.test.ts.
describe('allergies, conditions: answers cite My Profile', () => {
  it.each<[string, string[]]>([
    ['Do I have any allergies?', ['Penicillin']],
    ['What conditions do I have?', ['Hypertension']],
  ])('%j', (question, expected) => {
    const reply = replyFromRules(question, FACTS);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it.each<[string, string[]]>([
    ['Do I have any allergies?', ['no allergies recorded', 'My Profile']],
    ['What conditions do I have?', ['no existing conditions recorded', 'My Profile']],
  ])('with nothing on file, %j says so and where to add it', (question, expected) => {
    const reply = replyFromRules(question, EMPTY);
    for (const fact of expected) expect(reply).toContain(fact);
  });
});
