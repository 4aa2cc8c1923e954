import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '../../../shared/contracts/archive';
import type { Json } from '../../../shared/contracts/common';
import type { OnboardingBody } from '../../../shared/contracts/onboarding';
import type { User } from '../../../shared/contracts/users';
import { apiRequest } from '../api-client';
import { usePatientId } from '../patient-id';
import { activitiesKey } from './activities';
import { insurancePlansQuery } from './insurance';
import { notificationSettingsQuery } from './notifications';
import { careItemsQuery, recommendationsQuery } from './preventative-care';
import { setupQuery } from './setup';
import { userQuery } from './users';

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
        // Its preferences are two of Settings → Notifications' switches (appointment reminders, health tips).
        notificationSettingsQuery(patientId).queryKey,
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
