import { inDays } from './calendar-days';
import type { TestContext } from './test-app';

// The two payloads of POST /api/appointments, shared by the tests of scheduling and of the care item an appointment
// was booked for.

/** A complete Schedule New payload (part 2 §7 (docs/product.md#part-2-7)). */
export function scheduleNew(t: TestContext, providerId: number, overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    providerId,
    appointmentType: 'Annual Physical',
    appointmentDate: inDays(14),
    appointmentTime: 'afternoon',
    status: 'scheduled',
    notes: 'Fasting blood work',
    ...overrides,
  };
}

/** A complete quick scheduling dialog payload (part 2 §3 (docs/product.md#part-2-3) and §7 (docs/product.md#part-2-7)). */
export function quickSchedule(t: TestContext, providerId: number, overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    providerId,
    service: 'Dental Cleaning',
    date: inDays(1),
    timeSlot: '9:00 AM',
    notes: 'Sensitive teeth',
    status: 'Scheduled',
    ...overrides,
  };
}
