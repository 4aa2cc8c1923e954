import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '../../../shared/contracts/archive';
import type { Json } from '../../../shared/contracts/common';
import type { OnboardingBody } from '../../../shared/contracts/onboarding';
import type { User } from '../../../shared/contracts/users';
import { usePatientId } from '../../lib/patient-id';
import { activitiesKey } from '../../lib/api/activities';
import { insurancePlansQuery } from '../../lib/api/insurance';
import { careItemsQuery, recommendationsQuery } from '../../lib/api/preventative-care';
import { setupQuery } from '../../lib/api/setup';
import { userQuery } from '../../lib/api/users';
import { apiRequest } from '../../lib/api-client';

/** Complete Setup: every answer in one call, written by the server in one transaction. */
export function useCompleteOnboarding() {
  const patientId = usePatientId();
  return useMutation({
    mutationFn: (body: OnboardingBody) => apiRequest<User>('POST', '/api/onboarding', body),
    meta: {
      invalidates: [
        userQuery(patientId).queryKey,
        insurancePlansQuery(patientId).queryKey,
        activitiesKey(patientId),
        setupQuery().queryKey,
        // Onboarding records the date of birth and conditions the recommendations are chosen by.
        recommendationsQuery(patientId).queryKey,
        careItemsQuery(patientId).queryKey,
      ],
    },
  });
}

/** 'Restore from a backup': the archive that 'Download all my data' made becomes the whole record; every cached read is stale then. */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archive: File) => apiRequest<Json<typeof ImportResult>>('POST', '/api/import', new Blob([archive], { type: 'application/zip' })),
    onSuccess: () => queryClient.clear(),
  });
}
