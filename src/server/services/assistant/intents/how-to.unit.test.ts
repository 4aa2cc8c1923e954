import { describe, expect, it } from 'vitest';
import { replyFromRules } from '../rules';
import { FACTS } from '../../../../testing/assistant-fixtures';

describe('how-to: answers say where in the app', () => {
  it.each<[string, string[]]>([
    ['How do I upload a record?', ['Medical Records', 'Upload New Record']],
    ['How do I book an appointment?', ['Appointments → Schedule New']],
    ['How can I export my appointments to my calendar?', ['Add to calendar', '.ics file']],
    ['How do I cancel my appointment?', ['Cancel', 'Schedule New']],
  ])('%j', (question, expected) => {
    const reply = replyFromRules(question, FACTS);
    for (const fact of expected) expect(reply).toContain(fact);
  });
});
