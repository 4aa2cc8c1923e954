import { queryOptions } from '@tanstack/react-query';
import type { InsurancePlan } from '../../../shared/contracts/insurance';
import { apiRequest } from '../api-client';

/** The patient's plans, the primary first; the insurance screen and onboarding read it. */
export const insurancePlansQuery = (userId: number) =>
  queryOptions({
    queryKey: ['insurance', userId],
    queryFn: () => apiRequest<InsurancePlan[]>('GET', `/api/insurance/${userId}`),
  });
