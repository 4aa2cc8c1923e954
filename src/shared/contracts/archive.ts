import { z } from 'zod';

// Export and restore of the whole record (ADR 18): the archive itself is a ZIP, described in docs/archive/.

/** `replace=true` restores over an install that already holds a record, which is otherwise a 409. */
export const ImportQuery = z.object({
  replace: z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).default('false'),
});

const count = z.int().nonnegative();

export const ImportResult = z
  .object({
    restored: z.object({
      conditions: count,
      allergies: count,
      immunizations: count,
      providers: count,
      medications: count,
      medicationDoses: count,
      insurancePlans: count,
      insuranceBenefits: count,
      preventativeCare: count,
      appointments: count,
      medicalRecords: count,
      observations: count,
      activities: count,
      chatSessions: count,
      chatMessages: count,
      documents: count,
    }),
  })
  .meta({ id: 'ImportResult', description: 'How many rows of each kind, and how many documents, the backup restored' });
