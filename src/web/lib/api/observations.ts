import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CsvImportBody, CsvPreview } from '../../../shared/contracts/observation-csv';
import type { CareItem } from '../../../shared/contracts/preventative-care';
import type { CreateObservationBody, Observation, Trend, UpdateObservationBody } from '../../../shared/contracts/observations';
import type { TrendPeriod } from '../../../shared/rules/observations';
import type { MeasureKind } from '../../../shared/rules/measures';
import { apiRequest } from '../api-client';
import { careEffects } from './preventative-care';
import { pagedListQuery } from './pages';

// Vitals and lab results (issue 35): the newest reading of each measure, one measure's trend, and the readings a page
// at a time. Every key starts with observationsKey(patientId): a reading added, changed, removed or imported
// invalidates all of them (ADR 5).

export type { TrendPeriod };

/** Everything about the patient's readings: the pages, the trends, the dashboard's card. */
export const observationsKey = (patientId: number) => ['observations', patientId] as const;

/** The newest reading of each measure of a kind (or both kinds), in the order of the measures table. */
export const latestObservationsQuery = (patientId: number, kind?: MeasureKind) =>
  queryOptions({
    queryKey: [...observationsKey(patientId), 'latest', kind ?? 'all'],
    queryFn: () => apiRequest<Observation[]>('GET', `/api/observations/${patientId}/latest${kind ? `?kind=${kind}` : ''}`),
  });

/** One measure's readings over a period, in the patient's units. */
export const trendQuery = (patientId: number, code: string, period: TrendPeriod) =>
  queryOptions({
    queryKey: [...observationsKey(patientId), 'trend', code, period],
    queryFn: () => apiRequest<Trend>('GET', `/api/observations/${patientId}/trend?code=${encodeURIComponent(code)}&period=${period}`),
  });

/** How many readings a page of the list brings. */
const READINGS_PAGE_SIZE = 20;

/** The readings of a kind, newest first, a page at a time (ADR 19). */
export const readingsQuery = (patientId: number, kind: MeasureKind) =>
  pagedListQuery<Observation>([...observationsKey(patientId), 'readings', kind], `/api/observations/${patientId}?kind=${kind}`, READINGS_PAGE_SIZE);

export type SaveObservation = { observationId: null; body: CreateObservationBody } | { observationId: number; body: UpdateObservationBody };

/** A reading recorded or corrected. */
export function useSaveObservation(patientId: number) {
  return useMutation({
    mutationFn: ({ observationId, body }: SaveObservation) =>
      observationId === null
        ? apiRequest<Observation>('POST', '/api/observations', body)
        : apiRequest<Observation>('PATCH', `/api/observations/${observationId}`, body),
    meta: { invalidates: [observationsKey(patientId)] },
  });
}

export function useDeleteObservation(patientId: number) {
  return useMutation({
    mutationFn: (observationId: number) => apiRequest<void>('DELETE', `/api/observations/${observationId}`),
    meta: { invalidates: [observationsKey(patientId)] },
  });
}

/** A CSV file read (a preview: nothing written) or imported (confirm: true). Only an import changes the readings. */
export function useCsvImport(patientId: number) {
  return useMutation({
    mutationFn: (body: CsvImportBody) => apiRequest<CsvPreview>('POST', '/api/observations/import-csv', body),
    meta: { invalidates: [observationsKey(patientId)] },
  });
}

/** A reading counted as the screening it is, as the patient confirms (issue 35): the care list and Recommended Care change. */
export function useCountAsScreening(patientId: number) {
  return useMutation({
    mutationFn: (observationId: number) => apiRequest<CareItem>('POST', `/api/observations/${observationId}/screening`),
    meta: { invalidates: careEffects(patientId) },
  });
}
