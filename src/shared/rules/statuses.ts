/** The closed sets of states the product knows; the database CHECK constraints use the same lists. */
export const CARE_STATUSES = ['overdue', 'scheduled', 'upcoming', 'completed'] as const;
export type CareStatus = (typeof CARE_STATUSES)[number];

/**
 * The care statuses a row stores. 'Overdue' is a fact of the date, not of the row: an upcoming item whose due day
 * has passed is shown overdue (rules/care.ts, shownCareStatus), so no job has to rewrite rows as days pass.
 */
export const STORED_CARE_STATUSES = ['scheduled', 'upcoming', 'completed'] as const satisfies readonly CareStatus[];
export type StoredCareStatus = (typeof STORED_CARE_STATUSES)[number];

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const ICON_TYPES = [
  'folder_open',
  'calendar_today',
  'notifications',
  'check_circle',
  'health_and_safety',
  'medication',
] as const;
export type IconType = (typeof ICON_TYPES)[number];

export const COMMUNICATION_PREFERENCES = ['email', 'sms', 'both', 'none'] as const;
export type CommunicationPreference = (typeof COMMUNICATION_PREFERENCES)[number];

/** Schedule New's time preferences; a quick-scheduled slot is stored as 24-hour 'HH:mm' instead. */
export const TIME_PREFERENCES = ['morning', 'afternoon', 'evening', 'any'] as const;
export type TimePreference = (typeof TIME_PREFERENCES)[number];

/** A care item's category (part 2 §9 (docs/product.md#part-2-9)), shown in the Year View's legend. */
export const CARE_CATEGORIES = ['Primary Care', 'Dental', 'Vision', 'Specialty Care'] as const;
export type CareCategory = (typeof CARE_CATEGORIES)[number];

/** What became of the confirmation call the server places for a quick-scheduled appointment (issue 12). */
export const CONFIRMATION_CALL_STATUSES = ['none', 'placed', 'failed'] as const;
export type ConfirmationCallStatus = (typeof CONFIRMATION_CALL_STATUSES)[number];
