import { describe, expect, it } from 'vitest';
import { replyFromRules } from '../rules';
import { EMPTY, FACTS } from '../../../../testing/assistant-fixtures';

describe('capabilities, greeting, thanks', () => {
  it.each<[string, string[]]>([
    ['Hi', ['Hello, Alex!']],
    ['thanks!', ["You're welcome, Alex!"]],
  ])('%j', (question, expected) => {
    const reply = replyFromRules(question, FACTS);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it.each<[string, string[]]>([
    ['Hi', ["Hello! I'm your health assistant"]],
  ])('with nothing on file, %j says so and where to add it', (question, expected) => {
    const reply = replyFromRules(question, EMPTY);
    for (const fact of expected) expect(reply).toContain(fact);
  });
});
