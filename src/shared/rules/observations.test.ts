import { describe, expect, it } from 'vitest';
import { rangeWords } from './observations';

describe('a range in words', () => {
  it('writes both ends, one open end, blood pressure’s two ranges in one, and none', () => {
    expect(rangeWords({ low: 70, high: 99 }, null, 'mg/dL', 0)).toBe('70–99 mg/dL');
    expect(rangeWords({ low: null, high: 5.6 }, null, '%', 1)).toBe('5.6 % or less');
    expect(rangeWords({ low: 40, high: null }, null, 'mg/dL', 0)).toBe('40 mg/dL or more');
    expect(rangeWords({ low: 90, high: 129 }, { low: 60, high: 79 }, 'mmHg', 0)).toBe('90/60–129/79 mmHg');
    expect(rangeWords({ low: 3.9, high: 5.56 }, null, null, 1)).toBe('3.9–5.6');
    expect(rangeWords({ low: null, high: null }, null, 'mg/dL', 0)).toBeNull();
    expect(rangeWords(null, null, 'mg/dL', 0)).toBeNull();
  });
});
