import { z } from 'zod';

/**
 * Where this installation stands (GET /api/setup): whether a patient exists yet, and whether the app should
 * still lead them to the first-run wizard. The seeded demo patient counts as onboarded.
 */
export const Setup = z
  .object({
    patient: z.enum(['none', 'demo', 'own']).meta({ description: "'none' until onboarding or a profile save creates the patient" }),
    onboarding: z
      .enum(['needed', 'skipped', 'done'])
      .meta({ description: "'needed': the app opens /onboarding; 'skipped': 'Skip for now' was chosen once; 'done': completed (or the demo)" }),
  })
  .meta({ id: 'Setup' });
export type Setup = z.input<typeof Setup>;
