import { describe, expect, it } from 'vitest';
import { todayOfPatient } from './care';
import { HEALTH_PROMPT_TOPICS, healthPrompt, healthPromptFacts, type HealthPromptFacts, type HealthPromptTopic } from './health-prompt';

const NOTHING: HealthPromptFacts = {
  age: null,
  sexAtBirth: null,
  conditions: null,
  medications: null,
  allergies: null,
  overdue: [],
  dueSoon: [],
};

const EVERYTHING: HealthPromptFacts = {
  age: 52,
  sexAtBirth: 'female',
  conditions: 'Type 2 diabetes, high blood pressure',
  medications: 'Metformin 500 mg; Lisinopril',
  allergies: 'Penicillin',
  overdue: ['Colonoscopy', 'Flu Shot'],
  dueSoon: ['Dental Cleaning'],
};

const CONTEXT =
  'I am 52 years old; my sex assigned at birth is female. My health conditions: Type 2 diabetes, high blood pressure. ' +
  'Medications I take: Metformin 500 mg; Lisinopril. My allergies: Penicillin. I am overdue for: Colonoscopy and Flu Shot. ' +
  'Due in the next three months: Dental Cleaning.';

const CLOSING = 'Please keep to general guidance that I can discuss with my doctor; I understand this is not a diagnosis or medical advice.';

describe('healthPrompt, per topic with everything recorded', () => {
  it.each<[HealthPromptTopic, string]>([
    [
      'general',
      'what preventative care, screenings and everyday habits would you suggest for me, and what questions should I bring to my next check-up?',
    ],
    ['nutrition', 'what eating habits would suit me, and are there foods, drinks or supplements I should be careful with?'],
    [
      'exercise',
      'what kinds and amounts of physical activity would suit me, how can I start or build up safely, and which warning signs mean I should stop and see a doctor?',
    ],
    [
      'mental',
      'what everyday habits could support my mental health and wellbeing, such as sleep and handling stress, and which signs mean I should reach out to a professional?',
    ],
  ])('%s', (topic, question) => {
    expect(healthPrompt(topic, EVERYTHING)).toBe(`${CONTEXT}\n\nTaking this into account, ${question} ${CLOSING}`);
  });
});

describe('healthPrompt, per topic with nothing recorded', () => {
  it.each<[HealthPromptTopic, string]>([
    ['general', 'What preventative care, screenings'],
    ['nutrition', 'What eating habits would suit me'],
    ['exercise', 'What kinds and amounts of physical activity'],
    ['mental', 'What everyday habits could support my mental health'],
  ])('%s: the question alone, capitalised, with the closing', (topic, start) => {
    const prompt = healthPrompt(topic, NOTHING);
    expect(prompt.startsWith(start)).toBe(true);
    expect(prompt.endsWith(CLOSING)).toBe(true);
    expect(prompt).not.toContain('\n');
    expect(prompt).not.toMatch(/taking this into account|not recorded|null|undefined/i);
  });
});

describe('healthPrompt, the context leaves out what is missing', () => {
  const contextOf = (facts: Partial<HealthPromptFacts>) => healthPrompt('general', { ...NOTHING, ...facts }).split('\n\n')[0];

  it.each<[string, Partial<HealthPromptFacts>, string]>([
    ['age only', { age: 30 }, 'I am 30 years old.'],
    ['one year', { age: 1 }, 'I am 1 year old.'],
    ['a baby', { age: 0 }, 'I am under 1 year old.'],
    ['sex only', { sexAtBirth: 'male' }, 'My sex assigned at birth is male.'],
    ['age and sex', { age: 67, sexAtBirth: 'male' }, 'I am 67 years old; my sex assigned at birth is male.'],
    ['conditions only', { conditions: 'Asthma' }, 'My health conditions: Asthma.'],
    ['medications only', { medications: 'Ventolin inhaler' }, 'Medications I take: Ventolin inhaler.'],
    ['allergies only', { allergies: 'Peanuts' }, 'My allergies: Peanuts.'],
    ['one overdue item', { overdue: ['Mammogram'] }, 'I am overdue for: Mammogram.'],
    ['three due soon', { dueSoon: ['Eye Exam', 'Flu Shot', 'Dental Cleaning'] }, 'Due in the next three months: Eye Exam, Flu Shot, and Dental Cleaning.'],
    [
      'multi-line text on one line, without its own full stop',
      { conditions: 'Asthma.\n\n  Migraine  \r\nEczema.' },
      'My health conditions: Asthma; Migraine; Eczema.',
    ],
    ['the same name twice, once', { overdue: ['Flu Shot', ' Flu Shot '] }, 'I am overdue for: Flu Shot.'],
    ['age and allergies, nothing between', { age: 41, allergies: 'Latex' }, 'I am 41 years old. My allergies: Latex.'],
  ])('%s', (_case, facts, expected) => {
    expect(contextOf(facts)).toBe(expected);
  });

  it.each<[string, Partial<HealthPromptFacts>]>([
    ['blank text', { conditions: '   ', medications: '', allergies: '\n' }],
    ['blank names', { overdue: [' '], dueSoon: [''] }],
    ['an impossible age', { age: -3 }],
    ['an age that is not a number', { age: Number.NaN }],
  ])('%s counts as not recorded', (_case, facts) => {
    expect(healthPrompt('nutrition', { ...NOTHING, ...facts })).toBe(healthPrompt('nutrition', NOTHING));
  });
});

describe('healthPrompt never names the patient', () => {
  it.each(HEALTH_PROMPT_TOPICS)('%s', (topic) => {
    // The facts type has no name, email or phone; extra fields handed in are ignored, not written out.
    const facts = { ...EVERYTHING, displayName: 'Jane Doe', email: 'jane@example.com', phoneNumber: '555-0100' };
    const prompt = healthPrompt(topic, facts);
    expect(prompt).not.toMatch(/Jane|example\.com|555-0100/);
  });
});

describe('healthPromptFacts', () => {
  const now = new Date(2026, 5, 15, 12, 0); // Jun 15, 2026
  const today = todayOfPatient(null, now);
  const user = {
    dateOfBirth: '1980-06-16',
    sexAtBirth: 'female' as const,
    existingConditions: 'Asthma',
    medications: null,
    allergies: 'Pollen',
  };

  it('reads the age in whole years (a birthday tomorrow has not happened yet) and the recorded text', () => {
    expect(healthPromptFacts(user, [], today)).toEqual({
      age: 45,
      sexAtBirth: 'female',
      conditions: 'Asthma',
      medications: null,
      allergies: 'Pollen',
      overdue: [],
      dueSoon: [],
    });
  });

  it.each<[string, string | null, number | null]>([
    ['birthday today', '1980-06-15', 46],
    ['no date of birth', null, null],
    ['a date of birth in the future', '2027-01-01', null],
    ['not a date', 'soon', null],
  ])('%s', (_case, dateOfBirth, age) => {
    expect(healthPromptFacts({ ...user, dateOfBirth }, [], today).age).toBe(age);
  });

  it('overdue items and upcoming items due within three months, each by due date', () => {
    const items = [
      { careName: 'Eye Exam', dueDate: '2026-09-15', status: 'upcoming' },
      { careName: 'Flu Shot', dueDate: '2026-07-01', status: 'upcoming' },
      { careName: 'Mammogram', dueDate: '2026-09-16', status: 'upcoming' },
      { careName: 'Colonoscopy', dueDate: '2026-03-01', status: 'overdue' },
      { careName: 'Dental Cleaning', dueDate: '2026-01-10', status: 'Overdue' },
      { careName: 'Physical', dueDate: '2026-07-01', status: 'scheduled' },
      { careName: 'Tetanus', dueDate: '2026-02-01', status: 'completed' },
    ];
    const facts = healthPromptFacts(user, items, today);
    expect(facts.overdue).toEqual(['Dental Cleaning', 'Colonoscopy']);
    expect(facts.dueSoon).toEqual(['Flu Shot', 'Eye Exam']);
  });

  it('without a user or care items (loading or failed), their facts are left out', () => {
    expect(healthPromptFacts(undefined, null, today)).toEqual(NOTHING);
  });
});
