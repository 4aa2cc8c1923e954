import type { IconType } from './statuses';

/**
 * Every kind of activity the feed records — its type, its icon and its description — in one closed list.
 * Services record activities only through `describeActivity`, and a test checks docs/api.md's table against
 * this list, so what the feed can say is written once.
 */
export const ACTIVITY_KINDS = {
  record_uploaded: { iconType: 'folder_open', template: 'Uploaded {filename}' },
  insurance_added: { iconType: 'health_and_safety', template: 'Added {provider} insurance plan' },
  insurance_updated: { iconType: 'health_and_safety', template: 'Updated {provider} insurance information' },
  care_added: { iconType: 'notifications', template: 'Added {careName} to your preventative care' },
  care_completed: { iconType: 'check_circle', template: 'Completed {careName}' },
  care_reminder: { iconType: 'notifications', template: '{careName} is overdue' },
  appointment_scheduled: { iconType: 'calendar_today', template: 'Scheduled {type} with {provider} on {date}' },
  appointment_cancelled: { iconType: 'calendar_today', template: 'Cancelled {type} on {date}' },
  appointment_completed: { iconType: 'calendar_today', template: 'Completed {type} on {date}' },
  medication_started: { iconType: 'medication', template: 'Started {name}' },
  medication_stopped: { iconType: 'medication', template: 'Stopped {name}' },
  dose_logged: { iconType: 'medication', template: 'Dose of {name} logged' },
  records_imported: { iconType: 'folder_open', template: 'Imported {items} from a FHIR file' },
  reading_recorded: { iconType: 'health_and_safety', template: 'Recorded {name}: {value}' },
  readings_imported: { iconType: 'folder_open', template: 'Imported {readings} from a CSV file' },
} as const satisfies Record<string, { iconType: IconType; template: string }>;

export type ActivityType = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_TYPES = Object.keys(ACTIVITY_KINDS) as [ActivityType, ...ActivityType[]];

/** 'Completed {type} on {date}' → 'type' | 'date': a description cannot be written with a value missing. */
type Placeholders<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;
export type ActivityValues<Type extends ActivityType> = Record<Placeholders<(typeof ACTIVITY_KINDS)[Type]['template']>, string>;

export interface DescribedActivity {
  activityType: ActivityType;
  iconType: IconType;
  description: string;
}

export function describeActivity<Type extends ActivityType>(type: Type, values: ActivityValues<Type>): DescribedActivity {
  const { iconType, template } = ACTIVITY_KINDS[type];
  const given = values as Record<string, string>;
  return { activityType: type, iconType, description: template.replace(/\{(\w+)\}/g, (_, name: string) => given[name] ?? '') };
}
