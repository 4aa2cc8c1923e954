import { queryOptions } from '@tanstack/react-query';
import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { apiRequest } from '../api-client';

export const medicalRecordsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['medical-records', userId],
    queryFn: () => apiRequest<MedicalRecord[]>('GET', `/api/medical-records/${userId}`),
  });
