import { describe, expect, it } from 'vitest';
import { normaliseQuestion } from './reading';

describe('normaliseQuestion', () => {
  it.each([
    ['When is my NEXT appointment?!', 'when is my next appointment'],
    ['I can’t breathe…', 'i cant breathe'],
    ["What's my out-of-pocket max?", 'whats my out of pocket max'],
    ['  chest   x-ray\tappointment ', 'chest x ray appointment'],
    ['Café résumé', 'cafe resume'],
  ])('%j → %j', (text, normalised) => {
    expect(normaliseQuestion(text)).toBe(normalised);
  });
});
