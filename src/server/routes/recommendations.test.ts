import { addMonths, addYears, format, parseISO, subMonths, subYears } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { RecommendationRow, Recommendations } from '../../shared/contracts/recommendations';
import { GUIDELINES } from '../../shared/rules/guidelines';
import { todayIn } from '../../shared/rules/patient';
import { createAppointment, createCareItem, createProvider } from '../../testing/factories';
import { api, expectRefused, removePatient, useTestApp } from '../../testing/test-app';
import { changeUser, type UserChanges } from '../services/users';

const t = useTestApp();

const ZONE = 'UTC';
const day = (date: Date) => format(date, 'yyyy-MM-dd');
/** The patient's today: the tests give them a time zone, so that it is the server's too. */
const today = () => parseISO(todayIn(ZONE));
/** A date of birth a month past a birthday: `age` whole years old on any day near today. */
const bornYearsAgo = (age: number) => day(subMonths(subYears(today(), age), 1));

const url = (userId: number) => `/api/preventative-care/recommendations/${userId}`;
const ORDER = ['Overdue', 'Due Now', 'Upcoming', 'Completed'];
const AGE_FREE = ['blood-pressure', 'dental-cleaning', 'depression', 'influenza', 'skin-cancer', 'tetanus'];

async function setPatient(fields: UserChanges) {
  await t.db.transaction((tx) => changeUser(tx, { id: t.userId }, { timeZone: ZONE, ...fields }));
}

async function recommendations() {
  const response = await api<Recommendations>(t.app, 'GET', url(t.userId));
  expect(response.status).toBe(200);
  return response.body;
}

const idsOf = (body: Recommendations) => body.rows.map((row) => row.id).sort();
const rowOf = (body: Recommendations, id: string) => body.rows.find((row) => row.id === id)!;

describe('GET /api/preventative-care/recommendations/{userId}', () => {
  it('gives a 50-year-old woman the screenings of her age and sex, with every field of each row', async () => {
    await setPatient({ dateOfBirth: bornYearsAgo(50), sexAtBirth: 'female' });
    const body = await recommendations();
    expect(body).toMatchObject({ age: 50, sexAtBirth: 'female', needsDateOfBirth: false });
    expect(idsOf(body)).toEqual([
      'blood-pressure',
      'breast-cancer',
      'cervical-cancer',
      'cholesterol',
      'colorectal-cancer',
      'dental-cleaning',
      'depression',
      'diabetes',
      'eye-exam',
      'hepatitis-c',
      'hiv',
      'influenza',
      'pneumococcal',
      'shingles',
      'skin-cancer',
      'statins',
      'tetanus',
    ]);
    const breast = GUIDELINES.find((rule) => rule.id === 'breast-cancer')!;
    expect(rowOf(body, 'breast-cancer')).toEqual({
      id: 'breast-cancer',
      service: breast.service,
      recommendation: breast.why,
      who: breast.who,
      interval: 'Every 2 years',
      status: 'Due Now',
      dueDate: null,
      cost: '$0 with most plans (preventive)',
      notes: breast.notes,
      learnMoreUrl: 'https://www.uspreventiveservicestaskforce.org/uspstf/recommendation/breast-cancer-screening',
      source: 'USPSTF B',
      lastReviewed: breast.lastReviewed,
      careItemId: null,
      sexSpecific: 'female',
    } satisfies RecommendationRow);
    expect(rowOf(body, 'skin-cancer').cost).toBe('$20 copay');
  });

  it('gives a 30-year-old man only what applies at 30, and nothing of a woman’s', async () => {
    await setPatient({ dateOfBirth: bornYearsAgo(30), sexAtBirth: 'male' });
    const body = await recommendations();
    expect(body).toMatchObject({ age: 30, sexAtBirth: 'male', needsDateOfBirth: false });
    expect(idsOf(body)).toEqual(['blood-pressure', 'cholesterol', 'dental-cleaning', 'depression', 'hepatitis-c', 'hiv', 'influenza', 'skin-cancer', 'tetanus']);
  });

  it('without a date of birth asks for it and gives only the rules that do not depend on age', async () => {
    await setPatient({ dateOfBirth: null, sexAtBirth: 'female' });
    const body = await recommendations();
    expect(body).toMatchObject({ age: null, sexAtBirth: 'female', needsDateOfBirth: true });
    expect(idsOf(body)).toEqual(AGE_FREE);
  });

  it('without sex at birth gives the rules of both sexes, each marked with its sex', async () => {
    await setPatient({ dateOfBirth: bornYearsAgo(70), sexAtBirth: null, existingConditions: 'Former smoker, quit 2012' });
    const body = await recommendations();
    expect(body).toMatchObject({ age: 70, sexAtBirth: null, needsDateOfBirth: false });
    expect(body.rows.filter((row) => row.sexSpecific !== null).map((row) => [row.id, row.sexSpecific]).sort()).toEqual([
      ['abdominal-aortic-aneurysm', 'male'],
      ['breast-cancer', 'female'],
      ['osteoporosis', 'female'],
    ]);
    expect(idsOf(body)).toContain('lung-cancer');
  });

  it('shows lung cancer screening only when the recorded conditions mention smoking, and says so', async () => {
    await setPatient({ dateOfBirth: bornYearsAgo(60), sexAtBirth: 'male', existingConditions: 'Asthma' });
    expect(idsOf(await recommendations())).not.toContain('lung-cancer');
    await setPatient({ existingConditions: 'Non-smoker; asthma' });
    expect(idsOf(await recommendations())).not.toContain('lung-cancer');
    await setPatient({ existingConditions: 'Asthma; smokes about a pack a day' });
    const body = await recommendations();
    expect(rowOf(body, 'lung-cancer').notes).toMatch(/^Shown because your health conditions mention smoking/);
  });

  it('reads each status from the patient’s own care items and appointments, Overdue first', async () => {
    await setPatient({ dateOfBirth: bornYearsAgo(50), sexAtBirth: 'male' });
    const provider = await createProvider(t.db, t.userId);
    const colonoscopy = day(subYears(today(), 1));
    await createCareItem(t.db, t.userId, { careName: 'Colonoscopy', status: 'completed', dueDate: colonoscopy, lastCompleted: colonoscopy });
    // Stored upcoming, its due day passed: the care list answers it overdue.
    const flu = await createCareItem(t.db, t.userId, { careName: 'Flu Vaccine', status: 'upcoming', dueDate: day(subMonths(today(), 1)) });
    const dental = await createCareItem(t.db, t.userId, { careName: 'Dental Cleaning', status: 'upcoming', dueDate: day(addMonths(today(), 1)) });
    const eyeExamDay = day(addMonths(today(), 2));
    await createAppointment(t.db, t.userId, provider.id, { appointmentType: 'Eye Examination', appointmentDate: eyeExamDay, status: 'scheduled' });
    const cholesterol = await createCareItem(t.db, t.userId, { careName: 'Cholesterol Screening', status: 'upcoming', dueDate: day(addMonths(today(), 8)) });
    await createAppointment(t.db, t.userId, provider.id, {
      appointmentType: 'Blood pressure check',
      appointmentDate: day(subMonths(today(), 3)),
      status: 'completed',
    });
    // What the other user did counts for nothing here.
    await createCareItem(t.db, t.otherUserId, { careName: 'Tetanus booster', status: 'completed', dueDate: colonoscopy, lastCompleted: colonoscopy });

    const body = await recommendations();
    expect(rowOf(body, 'colorectal-cancer')).toMatchObject({ status: 'Completed', dueDate: day(addYears(parseISO(colonoscopy), 10)), careItemId: null });
    expect(rowOf(body, 'influenza')).toMatchObject({ status: 'Overdue', dueDate: flu.dueDate, careItemId: flu.id });
    expect(rowOf(body, 'dental-cleaning')).toMatchObject({ status: 'Due Now', dueDate: dental.dueDate, careItemId: dental.id });
    expect(rowOf(body, 'tetanus')).toMatchObject({ status: 'Due Now', dueDate: null, careItemId: null });
    expect(rowOf(body, 'eye-exam')).toMatchObject({ status: 'Upcoming', dueDate: eyeExamDay, careItemId: null });
    expect(rowOf(body, 'cholesterol')).toMatchObject({ status: 'Upcoming', dueDate: cholesterol.dueDate, careItemId: cholesterol.id });
    expect(rowOf(body, 'blood-pressure')).toMatchObject({ status: 'Completed' });

    const statuses = body.rows.map((row) => row.status);
    expect(statuses.indexOf('Overdue')).toBe(0);
    expect(statuses).toEqual([...statuses].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    const dueNow = body.rows.filter((row) => row.status === 'Due Now').map((row) => row.service);
    expect(dueNow).toEqual([...dueNow].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('measures age on the patient’s own day, in their time zone', async () => {
    // Kiritimati (UTC+14) is always a day or two ahead of UTC−12: there the patient turns 40 first. 40 years back
    // from a 29 February is one too.
    const kiritimatiToday = todayIn('Pacific/Kiritimati');
    const dateOfBirth = `${Number(kiritimatiToday.slice(0, 4)) - 40}${kiritimatiToday.slice(4)}`;
    await setPatient({ dateOfBirth, timeZone: 'Pacific/Kiritimati' });
    const there = await recommendations();
    expect(there.age).toBe(40);
    expect(idsOf(there)).toContain('eye-exam');
    await setPatient({ dateOfBirth, timeZone: 'Etc/GMT+12' });
    const here = await recommendations();
    expect(here.age).toBe(39);
    expect(idsOf(here)).not.toContain('eye-exam');
  });

  it('reads a stored time zone the runtime does not know (written outside the API) as none, instead of failing', async () => {
    await setPatient({ timeZone: 'Mars/Olympus_Mons' });
    const response = await api<Recommendations>(t.app, 'GET', url(t.userId));
    expect(response.status).toBe(200);
  });

  it('answers 404 for another user and one that does not exist, 400 for a malformed id', async () => {
    await expectRefused(t, 'GET', url(t.otherUserId), undefined, 404, 'User not found');
    await expectRefused(t, 'GET', url(999), undefined, 404, 'User not found');
    await expectRefused(t, 'GET', '/api/preventative-care/recommendations/abc', undefined, 400, 'userId: must be a positive whole number');
  });

  it('answers 404 before a patient exists (a first run)', async () => {
    await removePatient(t);
    await expectRefused(t, 'GET', url(t.userId), undefined, 404, 'User not found');
  });
});
