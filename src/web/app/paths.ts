/** Every route of part 1 §2 (docs/product.md#part-1-2), named once. */
export const paths = {
  dashboard: '/',
  records: '/records',
  /** The medication list, the schedule and the dose log (issue 32). */
  medications: '/medications',
  /** Vitals and lab results (issue 35): readings, trends, quick entry and CSV import. */
  vitals: '/vitals',
  labResults: '/lab-results',
  insurance: '/insurance',
  preventative: '/preventative',
  appointments: '/appointments',
  workflowChat: '/workflow-chat',
  chat: '/chat',
  profile: '/profile',
  /** The whole activity feed, paged (issue 21): Recent Activity's 'View all', whose target the spec does not show. */
  activity: '/activity',
  /** Settings → Security (ADR 17): reached from the Settings dialog of the profile menu. */
  security: '/settings/security',
  /** Settings → Notifications (issue 33): the switches, quiet hours, detailed reminders; linked from the same dialog and the bell's panel. */
  notifications: '/settings/notifications',
  onboarding: '/onboarding',
} as const;

export const scheduleForCare = (careItemId: number) => `${paths.appointments}?care=${careItemId}`;
