/** The closed sets of states the product knows; the database CHECK constraints use the same lists. */
export const CARE_STATUSES = ['overdue', 'scheduled', 'upcoming', 'completed'] as const;
export type CareStatus = (typeof CARE_STATUSES)[number];

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const ICON_TYPES = [
  'folder_open',
  'calendar_today',
  'notifications',
  'check_circle',
  'health_and_safety',
] as const;
export type IconType = (typeof ICON_TYPES)[number];

export const COMMUNICATION_PREFERENCES = ['email', 'sms', 'both', 'none'] as const;
export type CommunicationPreference = (typeof COMMUNICATION_PREFERENCES)[number];

/** Schedule New's time preferences; a quick-scheduled slot is stored as 24-hour 'HH:mm' instead. */
export const TIME_PREFERENCES = ['morning', 'afternoon', 'evening', 'any'] as const;
export type TimePreference = (typeof TIME_PREFERENCES)[number];
