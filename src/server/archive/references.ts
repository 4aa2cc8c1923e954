import type { ArchiveData } from './format';
import { damaged } from './zip-reader';

/**
 * What no schema of one row can say: ids are unique within their table, every id a row names is a row of the
 * archive, and what the database holds once (the primary plan, a chat by its key, a scheduled dose's entry) is there
 * once. Checked before anything is written, so that a changed archive is refused with words rather than by a
 * constraint half-way.
 */
export function checkReferences(data: ArchiveData): void {
  const ids = {
    providers: idsOf('provider', data.providers),
    medications: idsOf('medication', data.medications),
    insurancePlans: idsOf('insurance plan', data.insurancePlans),
    preventativeCare: idsOf('care item', data.preventativeCare),
    medicalRecords: idsOf('medical record', data.medicalRecords),
    chatSessions: idsOf('chat', data.chatSessions),
  };
  idsOf('condition', data.conditions);
  idsOf('allergy', data.allergies);
  idsOf('immunization', data.immunizations);
  idsOf('dose', data.medicationDoses);
  idsOf('benefit', data.insuranceBenefits);
  idsOf('appointment', data.appointments);
  idsOf('reading', data.observations);
  idsOf('activity', data.activities);
  idsOf('chat message', data.chatMessages);
  const names = (what: string, id: number, field: string, target: number | null, known: Set<number>) => {
    if (target !== null && !known.has(target)) throw damaged(`${what} ${id} names ${field} ${target}, which the backup does not hold`);
  };
  for (const medication of data.medications) names('medication', medication.id, 'provider', medication.providerId, ids.providers);
  for (const dose of data.medicationDoses) names('dose', dose.id, 'medication', dose.medicationId, ids.medications);
  for (const benefit of data.insuranceBenefits) names('benefit', benefit.id, 'insurance plan', benefit.insuranceId, ids.insurancePlans);
  for (const appointment of data.appointments) {
    names('appointment', appointment.id, 'provider', appointment.providerId, ids.providers);
    names('appointment', appointment.id, 'care item', appointment.careItemId, ids.preventativeCare);
  }
  for (const record of data.medicalRecords) names('medical record', record.id, 'insurance plan', record.insuranceId, ids.insurancePlans);
  for (const reading of data.observations) names('reading', reading.id, 'medical record', reading.medicalRecordId, ids.medicalRecords);
  for (const message of data.chatMessages) names('chat message', message.id, 'chat', message.sessionId, ids.chatSessions);
  if (data.insurancePlans.filter((plan) => plan.isPrimary).length > 1) throw damaged('it holds more than one primary insurance plan');
  const chatKeys = new Set(data.chatSessions.map((chat) => `${chat.channel}\u0000${chat.sessionKey}`));
  if (chatKeys.size !== data.chatSessions.length) throw damaged('it holds two chats under one key');
  const scheduled = data.medicationDoses.filter((dose) => dose.scheduledDate !== null);
  const doseKeys = new Set(scheduled.map((dose) => `${dose.medicationId} ${dose.scheduledDate} ${dose.scheduledTime}`));
  if (doseKeys.size !== scheduled.length) throw damaged('it holds two entries for one scheduled dose');
}

function idsOf(what: string, rows: readonly { id: number }[]): Set<number> {
  const ids = new Set<number>();
  for (const { id } of rows) {
    if (ids.has(id)) throw damaged(`it holds ${what} ${id} twice`);
    ids.add(id);
  }
  return ids;
}
