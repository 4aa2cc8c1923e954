import { describe, expect, it } from 'vitest';
import { checkReading, type ReadingValues } from './reading-values';

const good: ReadingValues = { code: '85354-9', value: ' 128/82 ', unit: '', date: '2026-11-29', time: '08:05' };
const check = async (values: ReadingValues) => checkReading(values, undefined, { fields: {}, shouldUseNativeValidation: false });
const messages = async (values: ReadingValues) =>
  Object.fromEntries(Object.entries((await check(values)).errors).map(([field, error]) => [field, error?.message]));

describe('checkReading (the quick entry form)', () => {
  it('passes a filled form on, its value trimmed', async () => {
    expect(await check(good)).toEqual({ values: { ...good, value: '128/82' }, errors: {} });
  });

  it('names each missing or malformed field, and passes nothing on', async () => {
    const result = await check({ code: '', value: '   ', unit: '', date: '', time: '8:05' });
    expect(result.values).toEqual({});
    expect(await messages({ code: '', value: '   ', unit: '', date: '', time: '8:05' })).toEqual({
      code: 'Please choose a measure',
      value: 'Enter a value',
      date: 'Please choose the day',
      time: 'must be a time of day such as 08:00',
    });
  });

  it('takes a value of 200 characters and refuses one of 201', async () => {
    expect(await messages({ ...good, value: 'x'.repeat(200) })).toEqual({});
    expect(await messages({ ...good, value: 'x'.repeat(201) })).toEqual({ value: 'must be at most 200 characters' });
  });

  it.each(['24:00', '12:60', '', '12:5'])('refuses the time %j', async (time) => {
    expect(await messages({ ...good, time })).toEqual({ time: 'must be a time of day such as 08:00' });
  });
});
