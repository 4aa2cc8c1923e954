import { queryOptions } from '@tanstack/react-query';
import type { CareItem } from '../../../shared/contracts/preventative-care';
import { apiRequest } from '../api-client';

export const careItemsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['preventative-care', userId],
    queryFn: () => apiRequest<CareItem[]>('GET', `/api/preventative-care/${userId}`),
  });
