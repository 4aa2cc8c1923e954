import { queryOptions } from '@tanstack/react-query';
import type { CareItem } from '../../../shared/contracts/preventative-care';
import type { Recommendations } from '../../../shared/contracts/recommendations';
import { apiRequest } from '../api-client';

export const careItemsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['preventative-care', userId],
    queryFn: () => apiRequest<CareItem[]>('GET', `/api/preventative-care/${userId}`),
  });

/** The patient's recommended care (issue 12): rules chosen by age and sex, each with a status from their own record. */
export const recommendationsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['recommendations', userId],
    queryFn: () => apiRequest<Recommendations>('GET', `/api/preventative-care/recommendations/${userId}`),
  });
