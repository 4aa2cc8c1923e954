import { api, type TestContext } from './test-app';

/** The patient's activity feed, as GET /api/activities/{userId} answers it: what a test checks a write recorded. */
export async function activitiesOfPatient(t: TestContext) {
  return (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body;
}

/** The patient's care items, as GET /api/preventative-care/{userId} answers it. */
export async function careItemsOfPatient(t: TestContext) {
  return (await api(t.app, 'GET', `/api/preventative-care/${t.userId}`)).body;
}
