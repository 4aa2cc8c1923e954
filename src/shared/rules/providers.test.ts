import { describe, expect, it } from 'vitest';
import { providerForCare, providerLabel, specialtyForCare } from './providers';

describe('specialtyForCare', () => {
  it.each([
    ['Dental Cleaning', 'Dentistry'],
    ['Teeth whitening', 'Dentistry'],
    ['DENTAL X-RAY', 'Dentistry'],
    ['Eye Examination', 'Optometry'],
    ['Vision test', 'Optometry'],
    ['eye pressure check', 'Optometry'],
    ['Colonoscopy', 'Primary Care'],
    ['Annual Physical', 'Primary Care'],
    ['', 'Primary Care'],
  ])('%j → %s', (careName, expected) => {
    expect(specialtyForCare(careName)).toBe(expected);
  });
});

describe('providerForCare', () => {
  const generalist = { id: 1, specialty: 'Primary Care' };
  const firstDentist = { id: 2, specialty: 'Dentistry' };
  const secondDentist = { id: 3, specialty: 'Dentistry' };
  const unknown = { id: 4, specialty: null };
  const providers = [unknown, generalist, firstDentist, secondDentist];

  it.each([
    ['the first dentist for a dental care item', providers, 'Dental Cleaning', firstDentist],
    ['the generalist for anything else', providers, 'Colonoscopy', generalist],
    ['none when no provider has the specialty', providers, 'Eye Examination', undefined],
    ['none when there are no providers', [], 'Dental Cleaning', undefined],
    ['none for a provider without a specialty', [unknown], 'Annual Physical', undefined],
  ])('picks %s', (_case, candidates, careName, expected) => {
    expect(providerForCare(candidates, careName)).toBe(expected);
  });
});

describe('providerLabel', () => {
  it.each([
    [{ name: 'Dr. James Patel', specialty: 'Optometry' }, 'Dr. James Patel (Optometry)'],
    [{ name: 'Dr. Lee', specialty: null }, 'Dr. Lee'],
  ])('%j reads %s', (provider, expected) => {
    expect(providerLabel(provider)).toBe(expected);
  });
});
