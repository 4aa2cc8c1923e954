import { describe, expect, it } from 'vitest';
import { CARE_DISPLAY, CARE_STANDINGS, careStanding, shownOn, timelineDotTone, todayOfPatient, type CareStanding } from './care';
import { summarizeCare } from './care-summary';
import { groupForTimeline, sortForTimeline, TIMELINE_GROUPS } from './care-timeline';
import { healthPromptFacts } from './health-prompt';
import { recommendedCare } from './recommendations';
import type { CareStatus } from './statuses';
import { yearSchedule, type YearCareItem } from './year-view';

// The same care items through every screen's view of them, at one instant that is a day boundary apart in two far
// time zones: 2026-11-22 10:30 UTC is already 00:30 on the 23rd at UTC+14 and still 23:30 on the 21st at UTC−11.
// Every view must say what the one rule says (rules/care.ts), in its own words from CARE_DISPLAY.
const NOW = new Date('2026-11-22T10:30:00Z');

/** A care item as the views read it (the contract's CareItem fits). */
type Item = YearCareItem;

/** Each item with the guideline it counts for (Recommended Care) and where it stands in each zone. */
const CASES: readonly [Item, string, Record<'Pacific/Kiritimati' | 'Pacific/Pago_Pago', CareStanding>][] = [
  [item(1, 'Dental Cleaning', 'upcoming', '2026-11-22'), 'dental-cleaning', { 'Pacific/Kiritimati': 'overdue', 'Pacific/Pago_Pago': 'due-soon' }],
  [item(2, 'Flu Vaccine', 'upcoming', '2027-02-23'), 'influenza', { 'Pacific/Kiritimati': 'due-soon', 'Pacific/Pago_Pago': 'upcoming' }],
  [item(3, 'Blood Pressure Check', 'scheduled', '2026-12-15'), 'blood-pressure', { 'Pacific/Kiritimati': 'scheduled', 'Pacific/Pago_Pago': 'scheduled' }],
  [item(4, 'Skin Check', 'completed', '2026-06-01', '2026-06-01'), 'skin-cancer', { 'Pacific/Kiritimati': 'completed', 'Pacific/Pago_Pago': 'completed' }],
  [item(5, 'Tetanus booster', 'upcoming', '2027-08-01'), 'tetanus', { 'Pacific/Kiritimati': 'upcoming', 'Pacific/Pago_Pago': 'upcoming' }],
];
const ITEMS = CASES.map(([care]) => care);

function item(id: number, careName: string, status: CareStatus, dueDate: string, lastCompleted: string | null = null): Item {
  return { id, careName, dueDate, status, recurringMonths: null, lastCompleted, notes: null };
}

/** What one view shows of each item, and what it should show for a standing. */
interface View {
  shows(today: string): Map<number, unknown>;
  says(standing: CareStanding): unknown;
}

const VIEWS: Record<string, View> = {
  'the dashboard timeline: shown status and dot': {
    shows: (today) => new Map(sortForTimeline(shownOn(ITEMS, today)).map((care) => [care.id, [care.status, timelineDotTone(care.status)]])),
    says: (standing) => [CARE_DISPLAY[standing].shown, CARE_DISPLAY[standing].dot],
  },
  "the Timeline View: the item's group": {
    shows: (today) => {
      const groups = groupForTimeline(shownOn(ITEMS, today));
      return new Map(TIMELINE_GROUPS.flatMap(([status]) => groups[status].map((care) => [care.id, status] as const)));
    },
    says: (standing) => CARE_DISPLAY[standing].shown,
  },
  'the Year View: status and badge': {
    shows: (today) =>
      new Map(
        [2026, 2027]
          .flatMap((year) => yearSchedule(year, ITEMS, [], { today }).flatMap((month) => month.entries))
          .filter((entry) => entry.source === 'care')
          .map((entry) => [Number(entry.key.slice('care-'.length)), [entry.status, entry.badge]]),
      ),
    says: (standing) => [CARE_DISPLAY[standing].label, CARE_DISPLAY[standing].badge],
  },
  'Recommended Care: the row of its guideline': {
    shows: (today) => {
      const rows = recommendedCare({ dateOfBirth: null, sexAtBirth: null, conditions: null }, ITEMS, [], today).rows;
      return new Map(CASES.map(([care, ruleId]) => [care.id, rows.find((row) => row.id === ruleId)?.status]));
    },
    says: (standing) => CARE_DISPLAY[standing].recommendation,
  },
  // The assistant's facts are not here: loadPatientFacts needs the database; patient-facts.test.ts asks it at this
  // same boundary.
  'the health prompt: overdue, due soon, or neither': {
    shows: (today) => {
      const facts = healthPromptFacts(null, ITEMS, today);
      return new Map(
        ITEMS.map((care) => [care.id, facts.overdue.includes(care.careName) ? 'overdue' : facts.dueSoon.includes(care.careName) ? 'due soon' : null]),
      );
    },
    says: (standing) => (standing === 'overdue' ? 'overdue' : standing === 'due-soon' ? 'due soon' : null),
  },
};

describe.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'] as const)('every view agrees at a day boundary, in %s', (zone) => {
  const today = todayOfPatient(zone, NOW);

  it.each(Object.keys(VIEWS))('%s', (view) => {
    const { shows, says } = VIEWS[view]!;
    const shown = shows(today);
    for (const [care, , standings] of CASES) {
      expect({ item: care.careName, shows: shown.get(care.id) }).toEqual({ item: care.careName, shows: says(standings[zone]) });
    }
  });

  it("the dashboard card: the most urgent item's word", () => {
    const standings = CASES.map(([, , byZone]) => byZone[zone]);
    const mostUrgent = CARE_STANDINGS.find((standing) => standings.includes(standing))!;
    expect(summarizeCare(ITEMS, today).status).toBe(CARE_DISPLAY[mostUrgent].summary);
  });

  it('and each is what the one rule says', () => {
    expect(CASES.map(([care]) => careStanding(care.status, care.dueDate, today))).toEqual(CASES.map(([, , byZone]) => byZone[zone]));
  });
});
