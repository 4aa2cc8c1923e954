import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS, describeActivity } from './activities';

/** The rows of docs/api.md's activity table: [activityType, iconType, description template]. */
function documentedActivityTable(): string[][] {
  const guide = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  const section = guide.slice(guide.indexOf('### What the activity feed records'));
  const table = section.slice(section.indexOf('\n|'), section.indexOf('\n\n', section.indexOf('\n|')));
  return table
    .trim()
    .split('\n')
    .slice(2)
    .map((row) => row.split(' | ').slice(0, 3).map((cell) => cell.replace(/^\|?\s*`|`$/g, '')));
}

describe('activity kinds', () => {
  it('are the rows of the table in docs/api.md, each with its icon and description', () => {
    const listed = Object.entries(ACTIVITY_KINDS).map(([type, { iconType, template }]) => [type, iconType, template]);
    expect(documentedActivityTable()).toEqual(listed);
  });

  it.each([
    ['record_uploaded', { filename: 'lab.pdf' }, 'folder_open', 'Uploaded lab.pdf'],
    ['appointment_scheduled', { type: 'Dental Cleaning', provider: 'Dr. Lee', date: 'Dec 1, 2026' }, 'calendar_today', 'Scheduled Dental Cleaning with Dr. Lee on Dec 1, 2026'],
    ['care_reminder', { careName: 'Flu Shot' }, 'notifications', 'Flu Shot is overdue'],
    ['medication_started', { name: 'Lisinopril' }, 'medication', 'Started Lisinopril'],
    ['medication_stopped', { name: 'Lisinopril' }, 'medication', 'Stopped Lisinopril'],
    ['dose_logged', { name: 'Metformin' }, 'medication', 'Dose of Metformin logged'],
  ] as const)('describes %s from its values', (type, values, iconType, description) => {
    expect(describeActivity(type, values as never)).toEqual({ activityType: type, iconType, description });
  });

  it('writes a value that looks like a placeholder as it is', () => {
    expect(describeActivity('record_uploaded', { filename: '{careName}.pdf' }).description).toBe('Uploaded {careName}.pdf');
  });
});
