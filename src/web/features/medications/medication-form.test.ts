import { describe, expect, it } from 'vitest';
import type { Medication } from '../../../shared/contracts/medications';
import { createBody, MedicationFormSchema, startingValues, type MedicationFormInput } from './medication-form';

const fresh = (overrides: Partial<MedicationFormInput> = {}): MedicationFormInput => ({ ...startingValues(null, '2026-03-10'), name: 'Metformin', ...overrides });

const issues = (input: MedicationFormInput) =>
  MedicationFormSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the medication form', () => {
  it('starts a new medication today, every day at 08:00', () => {
    const values = MedicationFormSchema.parse(fresh());
    expect(values).toMatchObject({
      name: 'Metformin',
      startDate: '2026-03-10',
      endDate: null,
      form: null,
      schedule: { kind: 'daily', times: ['08:00'] },
      remindAtNight: false,
    });
    expect(createBody(7, values)).toMatchObject({ userId: 7, name: 'Metformin', strength: null, refillsLeft: null });
  });

  it("builds each kind's schedule from its own inputs only", () => {
    const inputs = { times: [{ time: '20:00' }, { time: '08:00' }], weekdays: ['thu' as const, 'mon' as const], everyHours: 6, firstTime: '07:00' };
    const parse = (kind: MedicationFormInput['schedule']['kind']) => MedicationFormSchema.parse(fresh({ schedule: { kind, ...inputs } })).schedule;
    expect(parse('daily')).toEqual({ kind: 'daily', times: ['08:00', '20:00'] });
    expect(parse('weekdays')).toEqual({ kind: 'weekdays', weekdays: ['mon', 'thu'], times: ['08:00', '20:00'] });
    expect(parse('every-hours')).toEqual({ kind: 'every-hours', everyHours: 6, firstTime: '07:00' });
    expect(parse('as-needed')).toEqual({ kind: 'as-needed' });
  });

  it('puts each refusal under its own input', () => {
    expect(issues(fresh({ name: ' ' }))).toEqual([['name', 'Medication name is required']]);
    const schedule = fresh().schedule;
    expect(issues(fresh({ schedule: { ...schedule, times: [{ time: '08:00' }, { time: '' }] } }))).toEqual([
      ['schedule.times.1.time', 'must be a time of day such as 08:00'],
    ]);
    expect(issues(fresh({ schedule: { ...schedule, times: [] } }))).toEqual([['schedule.times', 'must have at least one time of day']]);
    expect(issues(fresh({ schedule: { ...schedule, kind: 'weekdays', weekdays: [] } }))).toEqual([['schedule.weekdays', 'must have at least one weekday']]);
    expect(issues(fresh({ schedule: { ...schedule, kind: 'every-hours', everyHours: 13 } }))).toEqual([
      ['schedule.everyHours', 'must be a whole number of hours from 1 to 12'],
    ]);
    expect(issues(fresh({ schedule: { ...schedule, kind: 'every-hours', everyHours: null } }))).toEqual([
      ['schedule.everyHours', 'must be a whole number of hours from 1 to 12'],
    ]);
    expect(issues(fresh({ startDate: '2026-03-10', endDate: '2026-03-09' }))).toEqual([['endDate', 'must be on or after the start date']]);
    expect(issues(fresh({ refillsLeft: 1.5 }))).toEqual([['refillsLeft', 'must be a whole number from 0 to 99']]);
  });

  it('starts an edit from the medication as stored, and gives it back unchanged', () => {
    const stored: Medication = {
      id: 3, userId: 7, name: 'Lisinopril', codes: [], strength: '10 mg', form: 'tablet', dose: '1 tablet', route: 'by mouth', instructions: null,
      reason: 'high blood pressure', prescriber: 'Dr. Lopez', providerId: 2, pharmacy: null, startDate: '2026-01-01', endDate: null,
      status: 'active', pausedOn: null, stoppedOn: null, stopReason: null, refillsLeft: 2, quantityOnHand: 30,
      schedule: { kind: 'weekdays', weekdays: ['mon', 'fri'], times: ['09:00'] }, remindAtNight: true, createdAt: '2026-01-01T09:00:00Z', updatedAt: '2026-01-01T09:00:00Z',
    };
    const values = MedicationFormSchema.parse(startingValues(stored, '2026-03-10'));
    // The codes are not the form's: an edit leaves them out, and the server keeps them (a PATCH changes what it names).
    const { id: _id, userId: _userId, codes: _codes, status: _status, pausedOn: _pausedOn, stoppedOn: _stoppedOn, stopReason: _stopReason, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = stored;
    expect(values).toEqual(fields);
  });
});
