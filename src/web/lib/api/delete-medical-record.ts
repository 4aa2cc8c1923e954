import { useMutation } from '@tanstack/react-query';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { apiRequest } from '../api-client';
import { medicalRecordsKey } from './medical-records';

/**
 * Deletes a record or an insurance document. Invalidated after a failure too (see query-client.ts): the usual
 * cause is a record already deleted elsewhere, which the list should stop showing.
 */
export function useDeleteMedicalRecord() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/medical-records/${id}`),
    meta: { invalidates: [medicalRecordsKey(CURRENT_USER_ID)] },
  });
}
