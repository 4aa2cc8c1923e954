import { describe, expect, it } from 'vitest';
import { isSomeoneElse, personOfBundle, someoneElseMessage, type RecordPerson } from './patient-identity';

const record: RecordPerson = { displayName: 'Darnell Kuhn', firstName: 'Darnell', lastName: 'Kuhn', dateOfBirth: '1961-07-14' };
const bundleOf = (...resources: object[]) => ({ resourceType: 'Bundle' as const, entry: resources.map((resource) => ({ resource: resource as { resourceType: string } })) });
const patient = (name: object, birthDate?: string) => ({ resourceType: 'Patient', name: [name], ...(birthDate ? { birthDate } : {}) });

describe('whether a Bundle is about the record’s patient (issue 34)', () => {
  it.each([
    ['Synthea’s numbered names and a title', patient({ use: 'official', family: 'Kuhn341', given: ['Darnell974'], prefix: ['Mr.'] }, '1961-07-14'), false],
    ['another case and accents', patient({ family: 'KÜHN', given: ['darnell', 'J'] }), false],
    ['a name in words only', patient({ text: 'Darnell Kuhn' }), false],
    ['no name and no birth date', { resourceType: 'Patient' }, false],
    ['another last name', patient({ family: 'Smith', given: ['Darnell'] }, '1961-07-14'), true],
    ['another first name', patient({ family: 'Kuhn', given: ['Pat'] }), true],
    ['a short form of the first name', patient({ family: 'Kuhn', given: ['Dan'] }), false],
    ['another birth date', patient({ family: 'Kuhn', given: ['Darnell'] }, '1961-07-15'), true],
  ])('%s', (_case, resource, expected) => {
    const person = personOfBundle(bundleOf({ resourceType: 'Composition' }, resource));
    expect(person && isSomeoneElse(record, person)).toBe(expected);
  });

  it('compares with the display name when the record has no first and last name, and ignores what the record lacks', () => {
    const onboarded: RecordPerson = { displayName: 'Alex Morgan', firstName: null, lastName: null, dateOfBirth: null };
    expect(isSomeoneElse(onboarded, personOfBundle(bundleOf(patient({ family: 'Morgan', given: ['Alex'] }, '1980-01-01')))!)).toBe(false);
    expect(isSomeoneElse(onboarded, personOfBundle(bundleOf(patient({ family: 'Smith', given: ['Pat'] })))!)).toBe(true);
  });

  it('finds no person in a Bundle without a Patient, and names both in its message', () => {
    expect(personOfBundle(bundleOf({ resourceType: 'DocumentReference' }))).toBeNull();
    const person = personOfBundle(bundleOf(patient({ family: 'Smith', given: ['Pat'] }, '1970-03-02')))!;
    expect(someoneElseMessage(record, person)).toBe(
      'This file is about Pat Smith, born Mar 2, 1970; this record is Darnell Kuhn, born Jul 14, 1961. Import it only if it is the same person: the record keeps its own name and birth date.',
    );
  });
});
