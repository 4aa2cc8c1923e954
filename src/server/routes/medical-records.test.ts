import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import { samplePdf, samplePng } from '../db/sample-documents';
import { pdfOfSize } from '../../testing/documents';
import { createInsurancePlan, createMedicalRecord, dataUrl } from '../../testing/factories';
import {
  INTERNAL_ERROR,
  api,
  expectRefused as expectRefusedRequest,
  snapshotData,
  useTestApp,
  withFailingActivityLog,
} from '../../testing/test-app';

const t = useTestApp();

const pdf = samplePdf('Lab report', ['Cholesterol: 180 mg/dL']);

function upload(overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    filename: 'lab-report.pdf',
    fileType: 'application/pdf',
    fileSize: pdf.length,
    fileContents: dataUrl(pdf, 'application/pdf'),
    description: 'Annual blood work',
    ...overrides,
  };
}

/** An upload that must be refused, leaving every table as it was. */
function expectRefused(payload: unknown, status: number, message: string | RegExp) {
  return expectRefusedRequest(t, 'POST', '/api/medical-records', payload, status, message);
}

describe('POST /api/medical-records', () => {
  it('stores the record and its bytes, records the activity, and answers 201 without the contents', async () => {
    const response = await api(t.app, 'POST', '/api/medical-records', upload());
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: 1,
      userId: t.userId,
      filename: 'lab-report.pdf',
      fileType: 'application/pdf',
      fileSize: pdf.length,
      description: 'Annual blood work',
      insuranceId: null,
    });
    expect(response.body).not.toHaveProperty('fileContents');
    expect(Date.parse(response.body.uploadDate)).not.toBeNaN();

    const file = await t.app.inject({ method: 'GET', url: '/api/medical-records/1/file' });
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const activities = await api(t.app, 'GET', `/api/activities/${t.userId}`);
    expect(activities.body).toEqual([
      expect.objectContaining({ description: 'Uploaded lab-report.pdf', iconType: 'folder_open', relatedItemId: 1 }),
    ]);
  });

  it('accepts a PNG and a JPEG recognised by their bytes, and an empty description as none', async () => {
    const png = samplePng();
    const png201 = await api(t.app, 'POST', '/api/medical-records', upload({
      filename: 'x-ray.png', fileType: 'image/png', fileSize: png.length, fileContents: dataUrl(png, 'image/png'), description: '  ',
    }));
    expect(png201.status).toBe(201);
    expect(png201.body.description).toBeNull();

    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.alloc(200)]);
    const jpeg201 = await api(t.app, 'POST', '/api/medical-records', upload({
      filename: 'rash.jpg', fileType: 'image/jpeg', fileSize: jpeg.length, fileContents: dataUrl(jpeg, 'image/jpeg'),
    }));
    expect(jpeg201.status).toBe(201);
  });

  it('trims the filename and links an insurance document to its plan', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const response = await api(t.app, 'POST', '/api/medical-records', upload({ filename: '  card.pdf  ', insuranceId: plan.id }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ filename: 'card.pdf', insuranceId: plan.id });
  });

  it('accepts a document of exactly 20 MiB and gives it back byte for byte', async () => {
    const big = pdfOfSize(MAX_DOCUMENT_BYTES);
    const response = await api(t.app, 'POST', '/api/medical-records', upload({ fileSize: big.length, fileContents: dataUrl(big, 'application/pdf') }));
    expect(response.status).toBe(201);
    const file = await t.app.inject({ method: 'GET', url: `/api/medical-records/${response.body.id}/file` });
    expect(file.rawPayload.length).toBe(MAX_DOCUMENT_BYTES);
    expect(file.rawPayload.equals(big)).toBe(true);
  });

  it('refuses 20 MiB + 1 byte with 413 and stores nothing', async () => {
    const big = pdfOfSize(MAX_DOCUMENT_BYTES + 1);
    await expectRefused(upload({ fileSize: big.length, fileContents: dataUrl(big, 'application/pdf') }), 413, 'Maximum file size is 20MB');
  });

  it('refuses a declared size over 20 MiB with 413', async () => {
    await expectRefused(upload({ fileSize: MAX_DOCUMENT_BYTES + 1 }), 413, 'Maximum file size is 20MB');
  });

  it('refuses a body far beyond the limit with 413 before reading it all', async () => {
    const huge = Buffer.alloc(MAX_DOCUMENT_BYTES * 1.5);
    await expectRefused(upload({ fileContents: dataUrl(huge, 'application/pdf') }), 413, 'Maximum file size is 20MB');
  });

  it('refuses HTML declared as a PDF with 415', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    await expectRefused(
      upload({ fileSize: html.length, fileContents: dataUrl(html, 'application/pdf') }),
      415,
      'Only PDF, JPG, and PNG files are supported',
    );
  });

  it('refuses a PNG declared as a PDF, and a declared type outside the three', async () => {
    const png = samplePng();
    await expectRefused(
      upload({ fileSize: png.length, fileContents: dataUrl(png, 'application/pdf') }),
      415,
      'Only PDF, JPG, and PNG files are supported',
    );
    await expectRefused(upload({ fileType: 'text/html' }), 415, 'Only PDF, JPG, and PNG files are supported');
  });

  it('keeps neither the record nor its bytes when the activity cannot be recorded', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(upload(), 500, INTERNAL_ERROR);
      await expectRefused(upload({ filename: 'card.pdf', insuranceId: plan.id }), 500, INTERNAL_ERROR);
    });
    const snapshot = await snapshotData(t.db);
    expect(snapshot.medical_records).toEqual([]);
    expect(snapshot.medical_record_chunks).toEqual([]);
    expect(snapshot.activities).toEqual([]);
  });

  it.each([
    ['not a data URL', { fileContents: 'hello' }, 'fileContents: must be a base64 data URL'],
    ['a data URL that is not base64', { fileContents: 'data:application/pdf,%25PDF' }, 'fileContents: must be a base64 data URL'],
    ['broken base64', { fileContents: 'data:application/pdf;base64,JVBER!!!' }, 'fileContents: must be a base64 data URL'],
    ['an empty file', { fileSize: 0, fileContents: 'data:application/pdf;base64,' }, 'fileContents: the file is empty'],
    ['a size that does not match the bytes', { fileSize: 12 }, /^fileSize: does not match the file contents/],
    ['a missing filename', { filename: undefined }, 'filename: is required'],
    ['a blank filename', { filename: '   ' }, 'filename: is required'],
    ['a path in the filename', { filename: '../etc/passwd.pdf' }, 'filename: must not contain path separators or control characters'],
    ['a control character in the filename', { filename: 'a\u0007.pdf' }, 'filename: must not contain path separators or control characters'],
    ['a C1 control character in the filename', { filename: 'a\u0085b.pdf' }, 'filename: must not contain path separators or control characters'],
    ['a right-to-left override in the filename', { filename: 'report\u202efdp.exe' }, 'filename: must not contain invisible text-direction characters'],
    ['a filename over 255 characters', { filename: `${'a'.repeat(252)}.pdf` }, 'filename: must be at most 255 characters'],
    ['a fractional size', { fileSize: 1.5 }, 'fileSize: must be a whole number of bytes'],
    ['a string user id', { userId: '1' }, 'userId: must be a positive whole number'],
  ])('refuses %s with 400', async (_case, overrides, message) => {
    await expectRefused(upload(overrides), 400, message);
  });


  it("answers 404 for another user's id or another user's insurance plan", async () => {
    await expectRefused(upload({ userId: t.otherUserId }), 404, 'User not found');
    await expectRefused(upload({ userId: 999 }), 404, 'User not found');
    const theirPlan = await createInsurancePlan(t.db, t.otherUserId);
    await expectRefused(upload({ insuranceId: theirPlan.id }), 404, 'Insurance plan not found');
  });
});

describe('GET /api/medical-records/{userId}', () => {
  it('lists the patient’s records newest first, without contents', async () => {
    await createMedicalRecord(t.db, t.userId, { filename: 'old.pdf', uploadDate: new Date('2026-01-01T10:00:00Z') });
    await createMedicalRecord(t.db, t.userId, { filename: 'new.pdf', uploadDate: new Date('2026-03-01T10:00:00Z') });
    await createMedicalRecord(t.db, t.otherUserId, { filename: 'theirs.pdf' });

    const response = await api(t.app, 'GET', `/api/medical-records/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body.map((r: { filename: string }) => r.filename)).toEqual(['new.pdf', 'old.pdf']);
    expect(Object.keys(response.body[0]).sort()).toEqual(
      ['description', 'fileSize', 'fileType', 'filename', 'id', 'insuranceId', 'uploadDate', 'userId'].sort(),
    );
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for another user and 400 for an id that is not a number', async () => {
    expect((await api(t.app, 'GET', `/api/medical-records/${t.otherUserId}`)).status).toBe(404);
    const bad = await api(t.app, 'GET', '/api/medical-records/abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'userId: must be a positive whole number' });
    expect((await api(t.app, 'GET', '/api/medical-records/1e3')).status).toBe(400);
  });
});

describe('GET /api/medical-records/{id}/file', () => {
  it('serves the bytes inline with the detected type, nosniff and a sandboxing policy', async () => {
    const record = await createMedicalRecord(t.db, t.userId, { filename: 'scan <img src=x onerror=alert(1)>.pdf', bytes: pdf });
    const response = await t.app.inject({ method: 'GET', url: `/api/medical-records/${record.id}/file` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['content-disposition']).toBe('inline; filename="scan <img src=x onerror=alert(1)>.pdf"');
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it('offers an attachment under the original name with ?download=1, non-ASCII names included', async () => {
    const record = await createMedicalRecord(t.db, t.userId, { filename: 'Befund März.pdf' });
    const response = await t.app.inject({ method: 'GET', url: `/api/medical-records/${record.id}/file?download=1` });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Befund M?rz.pdf"; filename*=UTF-8''Befund%20M%C3%A4rz.pdf`,
    );
  });

  it("answers 404 for another user's record or one that does not exist, 400 for a bad query", async () => {
    const theirs = await createMedicalRecord(t.db, t.otherUserId);
    expect((await api(t.app, 'GET', `/api/medical-records/${theirs.id}/file`)).status).toBe(404);
    expect((await api(t.app, 'GET', '/api/medical-records/4242/file')).body).toEqual({ message: 'Medical record not found' });
    const mine = await createMedicalRecord(t.db, t.userId);
    expect((await api(t.app, 'GET', `/api/medical-records/${mine.id}/file?download=yes`)).status).toBe(400);
  });
});

describe('DELETE /api/medical-records/{id}', () => {
  it('deletes the record and its bytes, answering 204', async () => {
    const record = await createMedicalRecord(t.db, t.userId);
    const response = await api(t.app, 'DELETE', `/api/medical-records/${record.id}`);
    expect(response.status).toBe(204);
    const snapshot = await snapshotData(t.db);
    expect(snapshot.medical_records).toEqual([]);
    expect(snapshot.medical_record_chunks).toEqual([]);
  });

  it("answers 404 for another user's record and for one that does not exist, deleting nothing", async () => {
    const theirs = await createMedicalRecord(t.db, t.otherUserId);
    const before = await snapshotData(t.db);
    expect((await api(t.app, 'DELETE', `/api/medical-records/${theirs.id}`)).status).toBe(404);
    expect((await api(t.app, 'DELETE', '/api/medical-records/999')).status).toBe(404);
    expect((await api(t.app, 'DELETE', '/api/medical-records/0')).status).toBe(400);
    expect(await snapshotData(t.db)).toEqual(before);
  });
});
