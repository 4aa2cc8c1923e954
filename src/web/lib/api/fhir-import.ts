import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FhirImportResult } from '../../../shared/contracts/fhir';
import type { Json } from '../../../shared/contracts/common';
import { apiRequest } from '../api-client';

// Settings → Data's "Import from a FHIR file" (issue 34): a preview of what the file would add, then the import.

export type FhirImportAnswer = Json<typeof FhirImportResult>;

interface FhirImportRequest {
  file: File;
  /** The file is about a patient of another name or birth date, and the patient says it is theirs. */
  asPatient: boolean;
}

function post(preview: boolean, { file, asPatient }: FhirImportRequest) {
  const query = new URLSearchParams({ preview: String(preview), ...(asPatient ? { asPatient: 'confirm' } : {}) });
  // Sent as FHIR, whatever the file's own type says ('' or application/json for a .json file).
  return apiRequest<FhirImportAnswer>('POST', `/api/import/fhir?${query}`, new Blob([file], { type: 'application/fhir+json' }));
}

/** What the import would do, counted by the import itself on the server, with nothing written. */
export function usePreviewFhirImport() {
  return useMutation({ mutationFn: (request: FhirImportRequest) => post(true, request) });
}

/** The import: anything on any screen may have changed, so every cached read is refetched. */
export function useImportFhir() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FhirImportRequest) => post(false, request),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
