import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT } from '../../shared/contracts/paging';
import { describeActivity } from '../../shared/rules/activities';
import { activities, medicalRecords } from '../db/schema/index';
import { createInsurancePlan, createMedicalRecord } from '../../testing/factories';
import { api, useTestApp } from '../../testing/test-app';

// The paged lists (ADR 19): GET /api/medical-records/{userId}/page, /api/insurance-documents/{userId}/page and
// /api/activities/{userId}/page, on both databases.

const t = useTestApp();

interface Page {
  items: Array<{ id: number; filename?: string; description: string | null }>;
  nextCursor: string | null;
}

const names = (page: Page) => page.items.map((item) => item.filename);

/** Records named 'r1' … 'rN', r1 the oldest, a minute apart. */
async function addRecords(count: number, userId = t.userId) {
  const made = [];
  for (let n = 1; n <= count; n += 1) {
    made.push(await createMedicalRecord(t.db, userId, { filename: `r${n}.pdf`, uploadDate: new Date(Date.UTC(2026, 0, 1, 0, n)) }));
  }
  return made;
}

async function page(url: string): Promise<Page> {
  const response = await api<Page>(t.app, 'GET', url);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Every page of a list from `cursor` (the first page without one), following the cursors to the end. */
async function allPages(base: string, limit: number, cursor: string | null = null): Promise<Page[]> {
  const url = (from: string | null) =>
    `${base}${base.includes('?') ? '&' : '?'}limit=${limit}${from === null ? '' : `&cursor=${encodeURIComponent(from)}`}`;
  const pages = [await page(url(cursor))];
  while (pages.at(-1)!.nextCursor !== null) pages.push(await page(url(pages.at(-1)!.nextCursor)));
  return pages;
}

const recordsPage = () => `/api/medical-records/${t.userId}/page`;

describe('GET /api/medical-records/{userId}/page', () => {
  it('pages the documents newest first, each once, and the last page says it is the last', async () => {
    await addRecords(7);
    const pages = await allPages(recordsPage(), 3);
    expect(pages.map(names)).toEqual([['r7.pdf', 'r6.pdf', 'r5.pdf'], ['r4.pdf', 'r3.pdf', 'r2.pdf'], ['r1.pdf']]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('answers the rows as the whole list does, without their bytes', async () => {
    await addRecords(2);
    const whole = await api(t.app, 'GET', `/api/medical-records/${t.userId}`);
    expect((await page(recordsPage())).items).toEqual(whole.body);
  });

  it('has no next page when the rows fill the page exactly, and an empty list is one empty page', async () => {
    expect(await page(recordsPage())).toEqual({ items: [], nextCursor: null });
    await addRecords(3);
    const exact = await page(`${recordsPage()}?limit=3`);
    expect(names(exact)).toEqual(['r3.pdf', 'r2.pdf', 'r1.pdf']);
    expect(exact.nextCursor).toBeNull();
  });

  it(`gives ${PAGE_SIZE_DEFAULT} rows when no limit is asked`, async () => {
    await t.db.insert(medicalRecords).values(
      Array.from({ length: PAGE_SIZE_DEFAULT + 1 }, (_, n) => ({ userId: t.userId, filename: `bulk ${n}.pdf`, fileType: 'application/pdf' as const, fileSize: 1 })),
    );
    const first = await page(recordsPage());
    expect(first.items).toHaveLength(PAGE_SIZE_DEFAULT);
    expect(first.nextCursor).not.toBeNull();
  });

  it('keeps its place when documents are added and deleted between pages: nothing repeated, nothing skipped', async () => {
    const [r1, r2, , r4] = await addRecords(6);
    const first = await page(`${recordsPage()}?limit=2`);
    expect(names(first)).toEqual(['r6.pdf', 'r5.pdf']);

    // A newer document, one not yet seen deleted, and the row the cursor names deleted too.
    await createMedicalRecord(t.db, t.userId, { filename: 'new.pdf', uploadDate: new Date(Date.UTC(2026, 5, 1)) });
    await t.db.delete(medicalRecords).where(eq(medicalRecords.id, r2!.id));
    await t.db.delete(medicalRecords).where(eq(medicalRecords.filename, 'r5.pdf'));

    const rest = await allPages(recordsPage(), 2, first.nextCursor);
    expect(rest.flatMap(names)).toEqual(['r4.pdf', 'r3.pdf', 'r1.pdf']);
    expect([r1!.id, r4!.id].every((id) => rest.flatMap((p) => p.items).some((item) => item.id === id))).toBe(true);
  });

  it('orders rows of the same time by id, and tells apart times a microsecond apart', async () => {
    const [a, b, c, d] = await addRecords(4);
    // a and b at the same instant; c and d a microsecond apart, in the same millisecond as each other.
    const at = (id: number, time: string) => t.db.execute(sql`update medical_records set upload_date = ${time}::timestamptz where id = ${id}`);
    await at(a!.id, '2026-03-01 00:00:00.000005+00');
    await at(b!.id, '2026-03-01 00:00:00.000005+00');
    await at(c!.id, '2026-03-01 00:00:00.000004+00');
    await at(d!.id, '2026-03-01 00:00:00.000003+00');
    const pages = await allPages(recordsPage(), 1);
    expect(pages.flatMap((p) => p.items.map((item) => item.id))).toEqual([b!.id, a!.id, c!.id, d!.id]);
  });

  it('shows only the patient’s own documents, and 404 for another user', async () => {
    await addRecords(2, t.otherUserId);
    await addRecords(1);
    expect(names(await page(recordsPage()))).toEqual(['r1.pdf']);
    const theirs = await api(t.app, 'GET', `/api/medical-records/${t.otherUserId}/page`);
    expect(theirs.status).toBe(404);
  });

  it.each([
    ['abc', 'cursor: is not a cursor this list gave'],
    ['', 'cursor: is not a cursor this list gave'],
    ['12.0', 'cursor: is not a cursor this list gave'],
    ['-1.5', 'cursor: is not a cursor this list gave'],
    ['1.99999999999', 'cursor: is not a cursor this list gave'],
    ['123456789012345678.1', 'cursor: is not a cursor this list gave'],
  ])('refuses the cursor %j with 400', async (cursor, message) => {
    const response = await api(t.app, 'GET', `${recordsPage()}?cursor=${encodeURIComponent(cursor)}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it.each(['0', '101', '1.5', 'ten', '-3'])('refuses the limit %j with 400', async (limit) => {
    const response = await api(t.app, 'GET', `${recordsPage()}?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'limit: must be a whole number from 1 to 100' });
  });

  it('answers an empty last page for a cursor past the end', async () => {
    await addRecords(2);
    expect(await page(`${recordsPage()}?cursor=1.1`)).toEqual({ items: [], nextCursor: null });
  });
});

describe('searching the documents', () => {
  async function withNames() {
    await createMedicalRecord(t.db, t.userId, { filename: 'Résumé médical.pdf', uploadDate: new Date('2026-01-01T00:00:00Z') });
    await createMedicalRecord(t.db, t.userId, { filename: 'LAB_report-2024.pdf', uploadDate: new Date('2026-01-02T00:00:00Z') });
    await createMedicalRecord(t.db, t.userId, {
      filename: 'scan.png',
      description: 'Letter from Dr. Ärztin about the knee',
      uploadDate: new Date('2026-01-03T00:00:00Z'),
    });
    await createMedicalRecord(t.db, t.userId, { filename: 'Анализ крови.pdf', uploadDate: new Date('2026-01-04T00:00:00Z') });
  }
  const search = async (q: string) => names(await page(`${recordsPage()}?q=${encodeURIComponent(q)}`));

  it('finds names and descriptions by the start of each word, whatever the case and the accents', async () => {
    await withNames();
    expect(await search('resume')).toEqual(['Résumé médical.pdf']);
    expect(await search('RÉSUMÉ MED')).toEqual(['Résumé médical.pdf']);
    expect(await search('lab rep')).toEqual(['LAB_report-2024.pdf']);
    expect(await search('2024')).toEqual(['LAB_report-2024.pdf']);
    expect(await search('pdf')).toEqual(['Анализ крови.pdf', 'LAB_report-2024.pdf', 'Résumé médical.pdf']);
    expect(await search('arztin knee')).toEqual(['scan.png']);
    expect(await search('АНАЛИЗ')).toEqual(['Анализ крови.pdf']);
  });

  it('finds nothing for words no document has, or for no word at all, and reads nothing typed as syntax', async () => {
    await withNames();
    for (const q of ['xray', 'lab xray', '!!!', "o'brien", 'lab & !report', 'rep:* | scan', '\\', '(']) {
      expect(await search(q), q).toEqual(q === 'lab & !report' ? ['LAB_report-2024.pdf'] : []);
    }
  });

  it('treats an empty or blank search as none', async () => {
    await withNames();
    expect(await search('   ')).toHaveLength(4);
  });

  it('pages through what it found', async () => {
    for (let n = 1; n <= 5; n += 1) {
      await createMedicalRecord(t.db, t.userId, { filename: `blood test ${n}.pdf`, uploadDate: new Date(Date.UTC(2026, 0, n)) });
      await createMedicalRecord(t.db, t.userId, { filename: `x-ray ${n}.png`, uploadDate: new Date(Date.UTC(2026, 0, n, 12)) });
    }
    const pages = await allPages(`${recordsPage()}?q=blood`, 2);
    expect(pages.flatMap(names)).toEqual(['blood test 5.pdf', 'blood test 4.pdf', 'blood test 3.pdf', 'blood test 2.pdf', 'blood test 1.pdf']);
  });

  it('refuses a search longer than 200 characters', async () => {
    const response = await api(t.app, 'GET', `${recordsPage()}?q=${'a'.repeat(201)}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'q: must be at most 200 characters' });
  });

  it('searches a description changed since: the words follow the row', async () => {
    const record = await createMedicalRecord(t.db, t.userId, { filename: 'scan.png' });
    await t.db.update(medicalRecords).set({ description: 'Cardiology follow-up' }).where(eq(medicalRecords.id, record.id));
    expect(await search('cardio')).toEqual(['scan.png']);
  });
});

describe('GET /api/insurance-documents/{userId}/page', () => {
  it("pages and searches the documents of the patient's plans and those that mention insurance, and no others", async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const other = await createInsurancePlan(t.db, t.userId, { isPrimary: false, memberId: 'M-2' });
    for (let n = 1; n <= 3; n += 1) {
      await createMedicalRecord(t.db, t.userId, { filename: `card ${n}.png`, insuranceId: plan.id, uploadDate: new Date(Date.UTC(2026, 0, n)) });
    }
    await createMedicalRecord(t.db, t.userId, { filename: 'other card.png', insuranceId: other.id, uploadDate: new Date(Date.UTC(2026, 0, 4)) });
    await createMedicalRecord(t.db, t.userId, { filename: 'scan.pdf', description: 'Insurance document: EOB', uploadDate: new Date(Date.UTC(2026, 0, 5)) });
    await createMedicalRecord(t.db, t.userId, { filename: 'MyINSURANCEPolicy.pdf', uploadDate: new Date(Date.UTC(2026, 0, 6)) });
    await createMedicalRecord(t.db, t.userId, { filename: 'x.pdf', description: 'Insurance document', uploadDate: new Date(Date.UTC(2026, 0, 7)) });
    await createMedicalRecord(t.db, t.userId, { filename: 'blood test.pdf', description: 'Blood panel', uploadDate: new Date(Date.UTC(2026, 0, 8)) });
    await createMedicalRecord(t.db, t.userId, { filename: 'xray.png', uploadDate: new Date(Date.UTC(2026, 0, 9)) });
    await createMedicalRecord(t.db, t.otherUserId, { filename: 'their insurance.pdf' });

    const base = `/api/insurance-documents/${t.userId}/page`;
    const pages = await allPages(base, 2);
    expect(pages.flatMap(names)).toEqual(['x.pdf', 'MyINSURANCEPolicy.pdf', 'scan.pdf', 'other card.png', 'card 3.png', 'card 2.png', 'card 1.png']);
    expect(names(await page(`${base}?q=card 2`))).toEqual(['card 2.png']);
    expect((await api(t.app, 'GET', `/api/insurance-documents/${t.otherUserId}/page`)).status).toBe(404);
  });
});

describe('GET /api/activities/{userId}/page', () => {
  async function addActivities(count: number) {
    await t.db.insert(activities).values(
      Array.from({ length: count }, (_, n) => ({
        userId: t.userId,
        ...describeActivity('record_uploaded', { filename: `file ${n + 1}.pdf` }),
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, n)),
      })),
    );
  }
  const descriptions = (p: Page) => p.items.map((item) => item.description);

  it('pages the feed newest first to its end, and searches it', async () => {
    await addActivities(5);
    const pages = await allPages(`/api/activities/${t.userId}/page`, 2);
    expect(pages.flatMap(descriptions)).toEqual(['Uploaded file 5.pdf', 'Uploaded file 4.pdf', 'Uploaded file 3.pdf', 'Uploaded file 2.pdf', 'Uploaded file 1.pdf']);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(descriptions(await page(`/api/activities/${t.userId}/page?q=UPLOADED 3`))).toEqual(['Uploaded file 3.pdf']);
  });

  it('refuses a bad cursor with 400, and another user with 404', async () => {
    const bad = await api(t.app, 'GET', `/api/activities/${t.userId}/page?cursor=x`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'cursor: is not a cursor this list gave' });
    expect((await api(t.app, 'GET', `/api/activities/${t.otherUserId}/page`)).status).toBe(404);
  });
});

describe('GET /api/medical-records/{userId}/summary', () => {
  it('counts the patient’s documents and gives the newest, and says so when there is none', async () => {
    expect((await api(t.app, 'GET', `/api/medical-records/${t.userId}/summary`)).body).toEqual({ count: 0, latest: null });
    await addRecords(3);
    await addRecords(2, t.otherUserId);
    const summary = await api<{ count: number; latest: { filename: string } }>(t.app, 'GET', `/api/medical-records/${t.userId}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body.count).toBe(3);
    expect(summary.body.latest.filename).toBe('r3.pdf');
    expect((await api(t.app, 'GET', `/api/medical-records/${t.otherUserId}/summary`)).status).toBe(404);
  });
});
