import { queryOptions } from '@tanstack/react-query';
import type { Appointment } from '../../../shared/contracts/appointments';
import { apiRequest } from '../api-client';

export const appointmentsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['appointments', userId],
    queryFn: () => apiRequest<Appointment[]>('GET', `/api/appointments/${userId}`),
  });
