import { useMutation } from '@tanstack/react-query';
import type { CreateMedicalRecordBody, MedicalRecord } from '../../../shared/contracts/medical-records';
import type { DocumentType } from '../../../shared/rules/documents';
import { usePatientId } from '../patient-id';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../api-client';
import { postWithProgress, readAsDataUrl } from '../upload-transfer';
import { activitiesKey } from './activities';
import { medicalRecordsKey } from './medical-records';

export type UploadStage = { stage: 'reading' | 'sending'; percent: number };

export interface UploadInput {
  file: File;
  fileType: DocumentType;
  description?: CreateMedicalRecordBody['description'];
  /** The plan an insurance document belongs to. */
  insuranceId?: number;
  /** Aborted when the patient closes the panel mid-upload: the file is no longer read or sent. */
  signal: AbortSignal;
  onProgress(progress: UploadStage): void;
}

type ToastMessage = Parameters<typeof toast>[0];

/** What the patient is told when an upload ends; the records and insurance screens word it differently (part 1 §8 (docs/product.md#part-1-8)). */
export interface UploadToasts {
  uploaded(record: MedicalRecord): ToastMessage;
  failed(serverMessage: string): ToastMessage;
}

/**
 * A document upload, from the records screen or the insurance screen. The toasts live here, not in the caller's
 * mutate() options, so that they still show when the panel is closed while its upload runs. Invalidated after a
 * cancel too (see query-client.ts): the server may have stored the file just before the request was dropped.
 */
export function useUploadMedicalRecord(toasts: UploadToasts) {
  const patientId = usePatientId();
  return useMutation({
    mutationFn: async ({ file, fileType, description, insuranceId, signal, onProgress }: UploadInput) => {
      const fileContents = await readAsDataUrl(file, signal, (percent) => onProgress({ stage: 'reading', percent }));
      const body: CreateMedicalRecordBody = {
        userId: patientId,
        filename: file.name,
        fileType,
        fileSize: file.size,
        fileContents,
        description,
        insuranceId,
      };
      onProgress({ stage: 'sending', percent: 0 });
      return postWithProgress<MedicalRecord>('/api/medical-records', body, signal, (percent) => onProgress({ stage: 'sending', percent }));
    },
    onSuccess: (record) => toast(toasts.uploaded(record)),
    onError: (error, { signal }) => toast(signal.aborted ? { title: 'Upload cancelled' } : toasts.failed(serverMessage(error))),
    meta: { invalidates: [medicalRecordsKey(patientId), activitiesKey(patientId)] },
  });
}
