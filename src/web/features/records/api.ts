import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMedicalRecordBody, MedicalRecord } from '../../../shared/contracts/medical-records';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { activitiesKey } from '../../lib/api/activities';
import { apiRequest } from '../../lib/api-client';
import { medicalRecordsQuery } from '../../lib/api/medical-records';

export const recordFileUrl = (id: number) => `/api/medical-records/${id}/file`;
export const recordDownloadUrl = (id: number) => `${recordFileUrl(id)}?download=1`;

export type UploadStage = { stage: 'reading' | 'sending'; percent: number };

/** FileReader.readAsDataURL with progress: the spec's payload carries the file as a base64 data URL. */
function readAsDataUrl(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * POST with upload progress. fetch cannot report how much of a body has been sent, so this one call uses
 * XMLHttpRequest; errors take the same '{status}: {body}' shape as apiRequest's.
 */
function postWithProgress<T>(path: string, body: unknown, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', 'application/json');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as T);
      else reject(new Error(`${request.status}: ${request.responseText || request.statusText}`));
    };
    request.onerror = () => reject(new Error('The upload could not reach the server'));
    request.send(JSON.stringify(body));
  });
}

export interface UploadInput {
  file: File;
  fileType: string;
  description: string;
  onProgress(progress: UploadStage): void;
}

export function useUploadRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, fileType, description, onProgress }: UploadInput) => {
      const fileContents = await readAsDataUrl(file, (percent) => onProgress({ stage: 'reading', percent }));
      const body: CreateMedicalRecordBody = {
        userId: CURRENT_USER_ID,
        filename: file.name,
        fileType,
        fileSize: file.size,
        fileContents,
        description,
      };
      return postWithProgress<MedicalRecord>('/api/medical-records', body, (percent) => onProgress({ stage: 'sending', percent }));
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: medicalRecordsQuery(CURRENT_USER_ID).queryKey }),
        queryClient.invalidateQueries({ queryKey: activitiesKey(CURRENT_USER_ID) }),
      ]),
  });
}

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/medical-records/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicalRecordsQuery(CURRENT_USER_ID).queryKey }),
  });
}
