import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { toast } from '../ui/use-toast';

export const documentFileUrl = (id: number) => `/api/medical-records/${id}/file`;
export const documentDownloadUrl = (id: number) => `${documentFileUrl(id)}?download=1`;

/** Saves the file under its original name: the server sends it as an attachment with that name. */
export function downloadDocument(record: MedicalRecord) {
  toast({ title: `Downloading ${record.filename}` });
  const link = document.createElement('a');
  link.href = documentDownloadUrl(record.id);
  link.download = record.filename;
  link.click();
}
