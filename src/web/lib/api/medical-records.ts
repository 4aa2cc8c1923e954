import { queryOptions, useMutation } from '@tanstack/react-query';
import type { MedicalRecord, MedicalRecordSummary } from '../../../shared/contracts/medical-records';
import { usePatientId } from '../patient-id';
import { apiRequest } from '../api-client';
import { pagedListQuery } from './pages';

/** Invalidate this to refresh every list of the user's documents: the pages, any search, the summary. */
export const medicalRecordsKey = (userId: number) => ['medical-records', userId] as const;

/** How many documents a page brings: a screenful or two on a phone and on a desktop. */
const RECORDS_PAGE_SIZE = 50;

/** The user's documents newest first, a page at a time, only those matching `search` when there is one. */
export const medicalRecordPagesQuery = (userId: number, search: string) =>
  pagedListQuery<MedicalRecord>(medicalRecordsKey(userId), `/api/medical-records/${userId}/page`, RECORDS_PAGE_SIZE, search);

/** How many documents, and the newest: the dashboard's card, without the whole list. */
export const medicalRecordSummaryQuery = (userId: number) =>
  queryOptions({
    queryKey: [...medicalRecordsKey(userId), 'summary'],
    queryFn: () => apiRequest<MedicalRecordSummary>('GET', `/api/medical-records/${userId}/summary`),
  });

/** How many insurance documents the Insurance screen's card shows at first, and adds at each 'Show more'. */
const INSURANCE_DOCUMENTS_PAGE_SIZE = 10;

/** The Insurance screen's documents, newest first, a page at a time (the server applies the screen's rule). */
export const insuranceDocumentPagesQuery = (userId: number) =>
  pagedListQuery<MedicalRecord>(
    [...medicalRecordsKey(userId), 'insurance'],
    `/api/insurance-documents/${userId}/page`,
    INSURANCE_DOCUMENTS_PAGE_SIZE,
  );

/**
 * Deletes a record or an insurance document. Invalidated after a failure too (see query-client.ts): the usual
 * cause is a record already deleted elsewhere, which the list should stop showing.
 */
export function useDeleteMedicalRecord() {
  const patientId = usePatientId();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/medical-records/${id}`),
    meta: { invalidates: [medicalRecordsKey(patientId)] },
  });
}
