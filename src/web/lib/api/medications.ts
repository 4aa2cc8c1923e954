import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  Adherence,
  CreateMedicationBody,
  DayDoses,
  DoseEntry,
  LogDoseBody,
  Medication,
  UpdateDoseBody,
  UpdateMedicationBody,
} from '../../../shared/contracts/medications';
import { apiRequest } from '../api-client';
import { activitiesKey } from './activities';
import { notificationsKey } from './notifications';
import { pagedListQuery } from './pages';

// Medications (issue 32): the list, the day's doses, adherence and each medication's dose log. Every key starts with
// medicationsKey(patientId), and each mutation names the parts it makes out of date (ADR 5).

/** Everything about the patient's medications: invalidating it refreshes the list, the doses, adherence and the logs. */
const medicationsKey = (patientId: number) => ['medications', patientId] as const;

/** The patient's medications, active, paused and stopped. */
export const medicationsQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...medicationsKey(patientId), 'list'],
    queryFn: () => apiRequest<Medication[]>('GET', `/api/medications/${patientId}`),
  });

/**
 * Today's doses, each with its log entry or null, and the as-needed medications a dose can be logged for: the
 * patient's today as the server reckons it (their profile's zone); the answer names the day.
 */
export const dayDosesQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...medicationsKey(patientId), 'doses', 'today'],
    queryFn: () => apiRequest<DayDoses>('GET', `/api/medications/doses/${patientId}`),
  });

/** Taken ÷ due over the last 7 and 30 days, per medication and overall. */
export const adherenceQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...medicationsKey(patientId), 'adherence'],
    queryFn: () => apiRequest<Adherence>('GET', `/api/medications/adherence/${patientId}`),
  });

/** Every medication's dose log. */
const doseLogKey = (patientId: number) => [...medicationsKey(patientId), 'log'] as const;

/** How many entries a page of a medication's log brings. */
const DOSE_LOG_PAGE_SIZE = 10;

/** One medication's dose log, newest first, a page at a time (ADR 19). */
export const doseLogQuery = (patientId: number, medicationId: number) =>
  pagedListQuery<DoseEntry>([...doseLogKey(patientId), medicationId], `/api/medications/${medicationId}/doses`, DOSE_LOG_PAGE_SIZE);

/**
 * What a medication added or changed makes out of date: the list, the doses due (a schedule, a start, a stop), adherence,
 * the feed, and the bell (the server computes the medication's reminders right after).
 */
const afterMedicationChange = (patientId: number) => [
  medicationsQuery(patientId).queryKey,
  dayDosesQuery(patientId).queryKey,
  adherenceQuery(patientId).queryKey,
  activitiesKey(patientId),
  notificationsKey(patientId),
];

/** A medication added or changed (its fields, its schedule, or its status: stopped, paused, active again). */
export type SaveMedication = { medicationId: null; body: CreateMedicationBody } | { medicationId: number; body: UpdateMedicationBody };

/**
 * Adds or changes a medication. The list changes, and with it the doses due (a schedule, a start, a stop), adherence
 * and the activity feed ('Started Lisinopril').
 */
export function useSaveMedication(patientId: number) {
  return useMutation({
    mutationFn: ({ medicationId, body }: SaveMedication) =>
      medicationId === null
        ? apiRequest<Medication>('POST', '/api/medications', body)
        : apiRequest<Medication>('PATCH', `/api/medications/${medicationId}`, body),
    meta: { invalidates: afterMedicationChange(patientId) },
  });
}

/** Several medications added at once (the profile's free text turned into medications): each one as it is saved. */
export function useCreateMedications(patientId: number) {
  return useMutation({
    mutationFn: async (bodies: CreateMedicationBody[]) => {
      const created: Medication[] = [];
      // One after another, so the list and the feed keep the order the patient wrote them in.
      for (const body of bodies) created.push(await apiRequest<Medication>('POST', '/api/medications', body));
      return created;
    },
    meta: { invalidates: afterMedicationChange(patientId) },
  });
}

/** Removes a medication with its log: everything about medications may change, and the feed. */
export function useDeleteMedication(patientId: number) {
  return useMutation({
    mutationFn: (medicationId: number) => apiRequest<void>('DELETE', `/api/medications/${medicationId}`),
    meta: { invalidates: [medicationsKey(patientId), activitiesKey(patientId), notificationsKey(patientId)] },
  });
}

/** What a change to the log makes out of date: the day's doses, adherence, the logs and the feed. */
const afterDoseChange = (patientId: number) => [dayDosesQuery(patientId).queryKey, adherenceQuery(patientId).queryKey, doseLogKey(patientId), activitiesKey(patientId)];

/** A scheduled dose marked taken, skipped or missed, or an as-needed dose taken. */
export function useLogDose(patientId: number) {
  return useMutation({
    mutationFn: (body: LogDoseBody) => apiRequest<DoseEntry>('POST', '/api/medications/doses', body),
    meta: { invalidates: afterDoseChange(patientId) },
  });
}

/** A logged dose corrected: another status, another time taken, another reason. */
export function useCorrectDose(patientId: number) {
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: number; body: UpdateDoseBody }) => apiRequest<DoseEntry>('PATCH', `/api/medications/doses/${entryId}`, body),
    meta: { invalidates: afterDoseChange(patientId) },
  });
}

/** A mark undone: the log entry goes, and a scheduled dose is due (not logged) again. */
export function useUndoDose(patientId: number) {
  return useMutation({
    mutationFn: (entryId: number) => apiRequest<void>('DELETE', `/api/medications/doses/${entryId}`),
    meta: { invalidates: afterDoseChange(patientId) },
  });
}
