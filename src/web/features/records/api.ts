import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMedicalRecordBody, MedicalRecord } from '../../../shared/contracts/medical-records';
import type { DocumentType } from '../../../shared/rules/documents';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { toast } from '../../components/ui/use-toast';
import { activitiesKey } from '../../lib/api/activities';
import { medicalRecordsQuery } from '../../lib/api/medical-records';
import { apiRequest, serverMessage } from '../../lib/api-client';

export const recordFileUrl = (id: number) => `/api/medical-records/${id}/file`;
export const recordDownloadUrl = (id: number) => `${recordFileUrl(id)}?download=1`;

export type UploadStage = { stage: 'reading' | 'sending'; percent: number };

const aborted = () => new DOMException('The upload was cancelled', 'AbortError');

/** FileReader.readAsDataURL with progress: the spec's payload carries the file as a base64 data URL. */
function readAsDataUrl(file: File, signal: AbortSignal, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const reader = new FileReader();
    signal.addEventListener('abort', () => reader.abort(), { once: true });
    reader.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    reader.onload = () => resolve(String(reader.result));
    reader.onabort = () => reject(aborted());
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * POST with upload progress. fetch cannot report how much of a body has been sent, so this one call uses
 * XMLHttpRequest; errors take the same '{status}: {body}' shape as apiRequest's.
 */
function postWithProgress<T>(path: string, body: unknown, signal: AbortSignal, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const request = new XMLHttpRequest();
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', 'application/json');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as T);
      else reject(new Error(`${request.status}: ${request.responseText || request.statusText}`));
    };
    request.onabort = () => reject(aborted());
    request.onerror = () => reject(new Error('The upload could not reach the server'));
    request.send(JSON.stringify(body));
  });
}

export interface UploadInput {
  file: File;
  fileType: DocumentType;
  description: string;
  /** Aborted when the patient closes the panel mid-upload: the file is no longer read or sent. */
  signal: AbortSignal;
  onProgress(progress: UploadStage): void;
}

/**
 * The toasts and the refresh live here, not in the panel's mutate() call, so that they still happen when the
 * panel is closed while its upload runs.
 */
export function useUploadRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, fileType, description, signal, onProgress }: UploadInput) => {
      const fileContents = await readAsDataUrl(file, signal, (percent) => onProgress({ stage: 'reading', percent }));
      const body: CreateMedicalRecordBody = {
        userId: CURRENT_USER_ID,
        filename: file.name,
        fileType,
        fileSize: file.size,
        fileContents,
        description,
      };
      onProgress({ stage: 'sending', percent: 0 });
      return postWithProgress<MedicalRecord>('/api/medical-records', body, signal, (percent) => onProgress({ stage: 'sending', percent }));
    },
    onSuccess: (record) => toast({ title: 'Record uploaded', description: `${record.filename} has been added to your records.` }),
    onError: (error, { signal }) => {
      if (signal.aborted) toast({ title: 'Upload cancelled' });
      else toast({ title: 'Error', description: `Failed to upload record: ${serverMessage(error)}`, variant: 'destructive' });
    },
    // After a cancel too: the server may have stored the file just before the request was dropped.
    onSettled: () =>
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
    // After a failure too: the usual cause is a record already deleted elsewhere, which the list should stop showing.
    onSettled: () => queryClient.invalidateQueries({ queryKey: medicalRecordsQuery(CURRENT_USER_ID).queryKey }),
  });
}
