import type { Database } from '../../db/client';
import type { Patient } from '../../core/patient';
import { emergencyReply } from './emergency';
import { replyFromRules } from './rules';
import { loadPatientFacts } from './patient-facts';

/**
 * The assistant that needs no model and no network: an emergency is answered at once, without reading the
 * database; any other question by the rules, from the patient's own rows.
 */
export async function builtInReply(db: Database, patient: Patient, question: string, now?: Date): Promise<string> {
  return emergencyReply(question) ?? replyFromRules(question, await loadPatientFacts(db, patient, now));
}
