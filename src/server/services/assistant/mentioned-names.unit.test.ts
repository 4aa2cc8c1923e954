import { describe, expect, it } from 'vitest';
import { mentionedNames } from './mentioned-names';
import { FACTS } from '../../../testing/assistant-fixtures';

describe('mentionedNames: which service or item a question names', () => {
  const benefits = FACTS.plan!.benefits.map((benefit) => benefit.serviceName);
  it.each([
    ['is an eye exam covered', ['Vision exam']],
    ['what about glasses', ['Vision exam']],
    ['x-ray of my teeth', []],
    ['the ER', ['Emergency room']],
    ['my meds', ['Prescription drugs (generic)']],
    ['a visit to my doctor', ['Primary care visit']],
    ['annual physical', ['Preventive care']],
    ['a specialist visit', ['Specialist visit']],
    ['a visit', []],
    ['dental cleaning', []],
  ])('%j → %j', (question, names) => {
    expect(mentionedNames(question, benefits, (name) => name)).toEqual(names);
  });

  it('without synonyms, by the name’s own words only', () => {
    expect(mentionedNames('my meds', benefits, (name) => name, { synonyms: false })).toEqual([]);
    expect(mentionedNames('my prescriptions', benefits, (name) => name, { synonyms: false })).toEqual(['Prescription drugs (generic)']);
  });
});
