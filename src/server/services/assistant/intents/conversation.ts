import type { Intent } from '../intent';
import type { PatientFacts } from '../patient-facts';
import { anyOf } from '../reading';
import { firstName } from './phrasing';

// The conversation around the questions: what the assistant can do, hello and thanks. Tried last, so that
// "hi, when is my appointment?" is answered.

const CAPABILITIES =
  'I can answer questions about your own information in this app: your next appointment, what care is overdue or due soon, your deductible and out-of-pocket progress, what your plan covers, your medical records, your medications (what you take, when, and the doses logged today), your vitals and lab results (the last reading, whether it is going up or down, and what is outside its range), and the allergies and conditions on file. I can also explain how to upload a record, book an appointment or add one to your calendar, and give general guidance on seasonal allergies, drinking enough water, blood pressure, back pain, sleep, and colds and flu. Try "When is my next appointment?"';

export const capabilities: Intent = {
  id: 'capabilities',
  matches: anyOf(/\b(what can you do|what do you do|who are you|what are you|how does this work)\b/, /^(help|menu|options)$/),
  answer: () => CAPABILITIES,
  aboutHealth: false,
};

function greetingAnswer(facts: PatientFacts): string {
  const name = firstName(facts);
  return (
    `Hello${name ? `, ${name}` : ''}! I'm your health assistant. I can tell you about your appointments, preventative care, insurance, ` +
    'medical records, vitals and lab results, and the medications, allergies and conditions on file. What would you like to know?'
  );
}

export const greeting: Intent = {
  id: 'greeting',
  matches: anyOf(/^(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening|day))\b/),
  answer: greetingAnswer,
  aboutHealth: false,
};

export const thanks: Intent = {
  id: 'thanks',
  matches: anyOf(/\b(thanks|thank you|thank u|thx|ty|cheers|much appreciated|appreciate it)\b/),
  answer: (facts) => `You're welcome${firstName(facts) ? `, ${firstName(facts)}` : ''}! Is there anything else I can help with?`,
  aboutHealth: false,
};
