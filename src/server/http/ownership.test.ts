import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNELS, NOTIFICATION_SWITCHES } from '../../shared/rules/notifications';
import { samplePdf } from '../db/sample-documents';
import {
  createAccessToken,
  createAllergy,
  createAppointment,
  createBenefit,
  createCareItem,
  createCondition,
  createImmunization,
  createInsurancePlan,
  createDose,
  createMedicalRecord,
  createMedication,
  createObservation,
  createPasskey,
  createProvider,
  createSession,
  dataUrl,
} from '../../testing/factories';
import { createNotification } from '../../testing/notification-fixtures';
import { fetchOpenApiDocument, fillPath, operationsOf, type Operation } from '../../testing/openapi-document';
import { api, expectRefused, useTestApp, type TestContext } from '../../testing/test-app';

const t = useTestApp();

/** Makes a row of one kind for a user and answers its id. */
type RowMaker = (t: TestContext, userId: number) => Promise<number>;

const user: RowMaker = async (_t, userId) => userId;
const record: RowMaker = async (t, userId) => (await createMedicalRecord(t.db, userId)).id;
const plan: RowMaker = async (t, userId) => (await createInsurancePlan(t.db, userId, { isPrimary: false })).id;
const benefit: RowMaker = async (t, userId) => (await createBenefit(t.db, await plan(t, userId))).id;
const careItem: RowMaker = async (t, userId) => (await createCareItem(t.db, userId)).id;
const provider: RowMaker = async (t, userId) => (await createProvider(t.db, userId)).id;
const token: RowMaker = async (t, userId) => (await createAccessToken(t.db, userId)).id;
// Two, so that removing one is never the last way in (409).
const passkey: RowMaker = async (t, userId) => {
  await createPasskey(t.db, userId);
  return (await createPasskey(t.db, userId)).id;
};
const appointment: RowMaker = async (t, userId) => (await createAppointment(t.db, userId, await provider(t, userId))).id;
const medication: RowMaker = async (t, userId) => (await createMedication(t.db, userId)).id;
const dose: RowMaker = async (t, userId) => (await createDose(t.db, await createMedication(t.db, userId))).id;
const notification: RowMaker = async (t, userId) => (await createNotification(t.db, userId)).id;
const condition: RowMaker = async (t, userId) => (await createCondition(t.db, userId)).id;
const allergy: RowMaker = async (t, userId) => (await createAllergy(t.db, userId)).id;
const immunization: RowMaker = async (t, userId) => (await createImmunization(t.db, userId)).id;
const observation: RowMaker = async (t, userId) => (await createObservation(t.db, userId)).id;

/** What each id a path or body can carry names; `userId` always names a user. */
const ROW_OF_PARAM: Record<string, RowMaker> = {
  userId: user,
  insuranceId: plan,
  providerId: provider,
  careItemId: careItem,
  medicationId: medication,
  medicalRecordId: record,
};

/**
 * The routes whose path `{id}` names a row, with the row's kind and a body the patient's own row would accept,
 * so that only whose row it is can refuse the request. A route added with an id must be added here; so must a route
 * of a `{userId}` that takes a body (its row is the user's).
 */
const ID_ROUTES: Record<string, { row: RowMaker; body?: object }> = {
  'GET /api/users/{id}': { row: user },
  'PATCH /api/users/{id}': { row: user, body: { displayName: 'Someone Else' } },
  'GET /api/medical-records/{id}/file': { row: record },
  'DELETE /api/medical-records/{id}': { row: record },
  'PATCH /api/insurance/{id}': { row: plan, body: { provider: 'Other Health' } },
  'PATCH /api/insurance/benefits/{id}': { row: benefit, body: { serviceName: 'Vision exam' } },
  'DELETE /api/insurance/benefits/{id}': { row: benefit },
  'PATCH /api/preventative-care/{id}': { row: careItem, body: { status: 'completed' } },
  'PATCH /api/appointments/{id}/status': { row: appointment, body: { status: 'cancelled' } },
  'GET /api/appointments/{id}/calendar.ics': { row: appointment },
  'PATCH /api/providers/{id}': { row: provider, body: { phone: '(555) 201-3300' } },
  'DELETE /api/providers/{id}': { row: provider },
  'PATCH /api/conditions/{id}': { row: condition, body: { clinicalStatus: 'resolved' } },
  'DELETE /api/conditions/{id}': { row: condition },
  'PATCH /api/allergies/{id}': { row: allergy, body: { criticality: 'high' } },
  'DELETE /api/allergies/{id}': { row: allergy },
  'PATCH /api/immunizations/{id}': { row: immunization, body: { lotNumber: 'AB123' } },
  'DELETE /api/immunizations/{id}': { row: immunization },
  'PATCH /api/observations/{id}': { row: observation, body: { note: 'After a walk' } },
  'DELETE /api/observations/{id}': { row: observation },
  'POST /api/observations/{id}/screening': { row: observation },
  'PATCH /api/medications/{id}': { row: medication, body: { instructions: 'With a glass of water' } },
  'DELETE /api/medications/{id}': { row: medication },
  'PATCH /api/medications/doses/{id}': { row: dose, body: { reason: 'Taken late' } },
  'DELETE /api/medications/doses/{id}': { row: dose },
  'DELETE /api/security/tokens/{id}': { row: token },
  'PATCH /api/security/passkeys/{id}': { row: passkey, body: { name: 'Renamed' } },
  'DELETE /api/security/passkeys/{id}': { row: passkey },
  'POST /api/notifications/{id}/read': { row: notification },
  'PUT /api/notification-settings/{userId}': {
    row: user,
    body: {
      switches: Object.fromEntries(NOTIFICATION_SWITCHES.map((name) => [name, true])),
      quietHours: { start: '22:00', end: '07:00' },
      detailed: Object.fromEntries(NOTIFICATION_CHANNELS.map((name) => [name, false])),
      communicationPreference: 'email',
    },
  },
};

/** A body each route without a path id accepts for the patient; its id fields are swapped for another user's. */
const CREATE_BODIES: Record<string, (t: TestContext) => Promise<Record<string, unknown>>> = {
  'POST /api/medical-records': async (t) => {
    const bytes = samplePdf('Scan', ['x']);
    const body = { userId: t.userId, filename: 'scan.pdf', fileType: 'application/pdf', fileSize: bytes.length };
    return { ...body, fileContents: dataUrl(bytes, 'application/pdf'), insuranceId: await plan(t, t.userId) };
  },
  'POST /api/insurance': async (t) => ({ userId: t.userId, provider: 'Acme', memberId: 'M-1', effectiveDate: '2026-01-01', isPrimary: false }),
  'POST /api/insurance/benefits': async (t) => ({ insuranceId: await plan(t, t.userId), serviceName: 'Vision exam' }),
  'POST /api/preventative-care': async (t) => ({ userId: t.userId, careName: 'Eye Exam', dueDate: '2030-01-01' }),
  'POST /api/providers': async (t) => ({ userId: t.userId, name: 'Dr. Lena Ortiz', specialty: 'Dentistry' }),
  'POST /api/conditions': async (t) => ({ userId: t.userId, name: 'Asthma' }),
  'POST /api/allergies': async (t) => ({ userId: t.userId, substance: 'Latex' }),
  'POST /api/immunizations': async (t) => ({ userId: t.userId, vaccine: 'Tdap', date: '2025-05-01' }),
  'POST /api/appointments': async (t) => ({
    userId: t.userId,
    providerId: await provider(t, t.userId),
    careItemId: await careItem(t, t.userId),
    appointmentType: 'Checkup',
    appointmentDate: '2030-01-01',
    appointmentTime: 'morning',
  }),
  'POST /api/medications': async (t) => ({
    userId: t.userId,
    name: 'Metformin',
    providerId: await provider(t, t.userId),
    schedule: { kind: 'daily', times: ['08:00', '20:00'] },
  }),
  'POST /api/observations/import-csv': async (t) => ({ userId: t.userId, csv: 'Date,Time,Glucose (mg/dL)\n2026-01-05,08:00,94\n' }),
  'POST /api/observations': async (t) => ({
    userId: t.userId,
    code: '2339-0',
    takenAt: '2026-01-05T08:00:00Z',
    value: { type: 'quantity', number: 5.4, unit: 'mmol/L' },
    medicalRecordId: await record(t, t.userId),
  }),
  'POST /api/medications/doses': async (t) => ({
    medicationId: (await createMedication(t.db, t.userId, { name: 'Albuterol', schedule: { kind: 'as-needed' } })).id,
    status: 'taken',
  }),
  'POST /api/onboarding': async (t) => ({
    userId: t.userId,
    personalInfo: { firstName: 'Sam', lastName: 'Lee', email: 'sam.lee@example.com', dateOfBirth: '1990-07-14' },
    medicalInfo: {},
    insuranceInfo: { provider: 'Acme', policyNumber: 'P-1' },
    preferences: {},
  }),
};

/** POSTs that change a row rather than create one answer 200 with it. */
const SUCCESS_STATUS: Record<string, number> = { 'POST /api/onboarding': 200, 'POST /api/observations/import-csv': 200 };

/** POSTs without a body: they act on the installation or on the patient as a whole, so no body can name another user. */
const WITHOUT_BODY = [
  'POST /api/notifications/{id}/read',
  'POST /api/notifications/{userId}/read-all',
  'POST /api/observations/{id}/screening',
  'POST /api/security/passkeys/options',
  'POST /api/security/recovery-codes',
  'POST /api/security/sessions/end-others',
  'POST /api/session/passkey/options',
  'POST /api/setup/leave-demo',
  'POST /api/setup/skip-onboarding',
];

/**
 * Signing in and Settings → Security: their bodies hold secrets and names, never a user or a row; the account is the
 * signed-in one (src/server/routes/session.ts, security.ts).
 */
const SIGN_IN_ROUTES = /^POST \/api\/(session|security)\//;

/**
 * POSTs whose body names no user and no row: the chats act for the patient as a whole (a session id is the browser's
 * own name for a conversation, looked up among the patient's conversations only).
 */
const NAMING_NOTHING = ['POST /api/chat/analysis', 'POST /api/chat/n8n', 'POST /api/chat/workflow'];

/**
 * POSTs whose body is another record's data (a backup's ZIP, a FHIR Bundle) and names no user or row of ours: they add
 * to or restore the patient's own record as a whole (ADR 18).
 */
const RECORD_BODIES = ['POST /api/import', 'POST /api/import/fhir'];

/** Bodies that name no user: the new row is the patient's through the row this field names. */
const OWNED_THROUGH: Record<string, string> = { 'POST /api/insurance/benefits': 'insuranceId', 'POST /api/medications/doses': 'medicationId' };

const NOT_THERE = 2_147_483_647;
const key = ({ method, path }: Operation) => `${method} ${path}`;

async function operations(filter: (operation: Operation) => boolean): Promise<Operation[]> {
  return operationsOf(await fetchOpenApiDocument(t.app)).filter(filter);
}

describe('every route of the OpenAPI document that takes an id in its path', () => {
  it('answers 404 for another user’s row and for one that does not exist, changes nothing, and serves the patient’s own', async () => {
    const withIds = await operations((operation) => operation.pathParams.length > 0);
    expect(withIds.length).toBeGreaterThanOrEqual(15);
    // Signed in: a passkey made for a row below makes sign-in required (ADR 17).
    const signedIn = { cookie: `healthassist-session=${(await createSession(t.db, t.userId)).id}` };
    for (const operation of withIds) {
      const route = ID_ROUTES[key(operation)];
      const rowOf = (param: string) => (param === 'id' ? route?.row : ROW_OF_PARAM[param]);
      for (const param of operation.pathParams) expect(rowOf(param), `${key(operation)}: which row does {${param}} name?`).toBeDefined();
      const idsOf = async (userId: number) =>
        Object.fromEntries(await Promise.all(operation.pathParams.map(async (param) => [param, await rowOf(param)!(t, userId)])));

      const theirs = fillPath(operation.path, await idsOf(t.otherUserId));
      await expectRefused(t, operation.method, theirs, route?.body, 404, /not found$/, signedIn);
      const missing = fillPath(operation.path, Object.fromEntries(operation.pathParams.map((param) => [param, NOT_THERE])));
      await expectRefused(t, operation.method, missing, route?.body, 404, /not found$/, signedIn);

      const own = await api(t.app, operation.method, fillPath(operation.path, await idsOf(t.userId)), route?.body, signedIn);
      expect(own.status, `${key(operation)} for the patient`).toBeLessThan(300);
    }
  });
});

describe('every route of the OpenAPI document whose body names ids', () => {
  it('answers 404 when one names another user or another user’s row, or one that does not exist, and changes nothing', async () => {
    const posts = await operations((operation) => operation.method === 'POST');
    const withoutBody = posts.filter((operation) => operation.operation.requestBody === undefined);
    expect(withoutBody.map(key).sort(), 'POSTs that take no body').toEqual(WITHOUT_BODY);
    expect(posts.map(key).filter((route) => route.startsWith('POST /api/chat/')).sort(), 'POSTs that name nothing').toEqual(NAMING_NOTHING);
    const withBodies = posts.filter(
      (operation) =>
        operation.operation.requestBody !== undefined &&
        !NAMING_NOTHING.includes(key(operation)) &&
        !RECORD_BODIES.includes(key(operation)) &&
        !SIGN_IN_ROUTES.test(key(operation)),
    );
    expect(withBodies.length).toBeGreaterThanOrEqual(4);
    for (const operation of withBodies) {
      const makeBody = CREATE_BODIES[key(operation)];
      expect(makeBody, `${key(operation)}: which body does it accept?`).toBeDefined();
      const body = await makeBody!(t);
      const idFields = Object.keys(body).filter((field) => field in ROW_OF_PARAM);
      expect(idFields, key(operation)).toContain(OWNED_THROUGH[key(operation)] ?? 'userId');
      for (const field of idFields) {
        const theirs = await ROW_OF_PARAM[field]!(t, t.otherUserId);
        await expectRefused(t, 'POST', operation.path, { ...body, [field]: theirs }, 404, /not found$/);
        await expectRefused(t, 'POST', operation.path, { ...body, [field]: NOT_THERE }, 404, /not found$/);
      }
      const own = await api(t.app, 'POST', operation.path, body);
      expect(own.status, `${key(operation)} for the patient`).toBe(SUCCESS_STATUS[key(operation)] ?? 201);
    }
  });
});
