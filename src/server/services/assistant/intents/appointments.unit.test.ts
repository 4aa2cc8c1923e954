import { describe, expect, it } from 'vitest';
import { replyFromRules } from '../rules';
import { EMPTY, FACTS } from '../../../../testing/assistant-fixtures';

describe('next-appointment: answers cite the patient’s appointments', () => {
  it.each<[string, string[]]>([
    [
      'When is my next appointment?',
      ['Eye Examination', 'Dr. James Patel', 'Optometry', 'Tuesday, December 1, 2026', '2:00 PM', '(in 9 days)', 'After that: Dental Cleaning', 'Tuesday, January 5, 2027 (Morning)'],
    ],
    ['When is my dental cleaning appointment?', ['Dental Cleaning with Dr. Sarah Chen (Dentistry) on Tuesday, January 5, 2027 (Morning)']],
  ])('%j', (question, expected) => {
    const reply = replyFromRules(question, FACTS);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it.each<[string, string[]]>([
    ['When is my next appointment?', ["don't have any upcoming appointments", 'Appointments → Schedule New']],
  ])('with nothing on file, %j says so and where to add it', (question, expected) => {
    const reply = replyFromRules(question, EMPTY);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it('says when an appointment is today or tomorrow', () => {
    const [eyeExam] = FACTS.nextAppointments;
    expect(replyFromRules('next appointment?', { ...FACTS, nextAppointments: [{ ...eyeExam!, date: '2026-11-22' }] })).toContain('(today)');
    expect(replyFromRules('next appointment?', { ...FACTS, nextAppointments: [{ ...eyeExam!, date: '2026-11-23' }] })).toContain('(tomorrow)');
  });
});
