import { createContext, useContext } from 'react';

/**
 * The patient this browser acts for, from GET /api/session (the gate in app/routes.tsx provides it once the session
 * says 'open' or 'signed-in'): every API path and query key about the patient is built from it.
 */
export const PatientIdContext = createContext<number | null>(null);

/** The session's patient id; only below the gate, which renders the app once the id is known. */
export function usePatientId(): number {
  const patientId = useContext(PatientIdContext);
  if (patientId === null) throw new Error('usePatientId: no patient yet (only screens behind the session gate may ask)');
  return patientId;
}
