import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { MedicalRecordPage, MedicalRecordSummary } from '../../../shared/contracts/medical-records';
import { apiRequest } from '../api-client';
import { pageParameters } from './pages';

/** Invalidate this to refresh every list of the user's documents: the pages, any search, the summary. */
export const medicalRecordsKey = (userId: number) => ['medical-records', userId] as const;

/** How many documents a page brings: a screenful or two on a phone and on a desktop. */
const RECORDS_PAGE_SIZE = 50;

/** The user's documents newest first, a page at a time, only those matching `search` when there is one. */
export const medicalRecordPagesQuery = (userId: number, search: string) =>
  infiniteQueryOptions({
    queryKey: [...medicalRecordsKey(userId), 'pages', search.trim()],
    queryFn: ({ pageParam }) =>
      apiRequest<MedicalRecordPage>('GET', `/api/medical-records/${userId}/page?${pageParameters(pageParam, search, RECORDS_PAGE_SIZE)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** How many documents, and the newest: the dashboard's card, without the whole list. */
export const medicalRecordSummaryQuery = (userId: number) =>
  queryOptions({
    queryKey: [...medicalRecordsKey(userId), 'summary'],
    queryFn: () => apiRequest<MedicalRecordSummary>('GET', `/api/medical-records/${userId}/summary`),
  });

/** How many insurance documents the Insurance screen's card shows at first, and adds at each 'Show more'. */
export const INSURANCE_DOCUMENTS_PAGE_SIZE = 10;

/** The Insurance screen's documents, newest first, a page at a time (the server applies the screen's rule). */
export const insuranceDocumentPagesQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: [...medicalRecordsKey(userId), 'insurance-pages'],
    queryFn: ({ pageParam }) =>
      apiRequest<MedicalRecordPage>('GET', `/api/insurance-documents/${userId}/page?${pageParameters(pageParam, '', INSURANCE_DOCUMENTS_PAGE_SIZE)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
