import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '../../../shared/contracts/archive';
import type { Json } from '../../../shared/contracts/common';
import type { OnboardingBody } from '../../../shared/contracts/onboarding';
import type { User } from '../../../shared/contracts/users';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { activitiesKey } from '../../lib/api/activities';
import { insurancePlansQuery } from '../../lib/api/insurance';
import { careItemsQuery, recommendationsQuery } from '../../lib/api/preventative-care';
import { setupQuery } from '../../lib/api/setup';
import { userQuery } from '../../lib/api/users';
import { apiRequest } from '../../lib/api-client';

/** Complete Setup: every answer in one call, written by the server in one transaction. */
export function useCompleteOnboarding() {
  return useMutation({
    mutationFn: (body: OnboardingBody) => apiRequest<User>('POST', '/api/onboarding', body),
    meta: {
      invalidates: [
        userQuery(CURRENT_USER_ID).queryKey,
        insurancePlansQuery(CURRENT_USER_ID).queryKey,
        activitiesKey(CURRENT_USER_ID),
        setupQuery().queryKey,
        // Onboarding records the date of birth and conditions the recommendations are chosen by.
        recommendationsQuery(CURRENT_USER_ID).queryKey,
        careItemsQuery(CURRENT_USER_ID).queryKey,
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
