import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { vtimezone } from './vtimezone';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The zone as Mozilla's independent parser reads it from our VTIMEZONE. */
function parsedZone(tzid: string, from: number, to: number) {
  const component = new ICAL.Component(ICAL.parse(vtimezone(tzid, { from, to })) as unknown[]);
  return { component, zone: new ICAL.Timezone(component) };
}

/** 'yyyy-MM-dd HH:mm:ss' of an instant in the zone, as Intl (the runtime's tz data) says. */
function intlLocal(tzid: string): (at: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: tzid,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (at) => {
    const part = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/**
 * The instant that a local 'yyyy-MM-dd HH:mm:ss' is in the zone, as ical.js computes it from the VTIMEZONE alone
 * (local time to UTC: the direction a calendar reads DTSTART;TZID in).
 */
function icalInstant(zone: ICAL.Timezone): (local: string) => number {
  return (local) => {
    const [year, month, day, hour, minute, second] = local.split(/[- :]/).map(Number) as [number, number, number, number, number, number];
    return new ICAL.Time({ year, month, day, hour, minute, second, isDate: false }, zone).toUnixTime() * 1000;
  };
}

/**
 * Instants to compare across the years: every hour, and every minute of an hour in which Intl's offset changes,
 * so that a change placed a minute early or late is seen.
 */
function instants(tzid: string, from: number, to: number): number[] {
  const local = intlLocal(tzid);
  const offset = (at: number) => Date.parse(local(at).replace(' ', 'T') + 'Z') - at;
  const result: number[] = [];
  for (let hour = Date.UTC(from, 0, 1); hour < Date.UTC(to + 1, 0, 1); hour += HOUR) {
    result.push(hour);
    if (offset(hour) !== offset(hour + HOUR)) for (let minute = hour + MINUTE; minute < hour + HOUR; minute += MINUTE) result.push(minute);
  }
  return result;
}

describe('vtimezone', () => {
  it.each([
    ['America/New_York', 2029, 2031],
    ['Europe/Berlin', 2024, 2026],
    ['Australia/Sydney (southern hemisphere: summer time over the new year)', 2025, 2027],
    ['Asia/Kolkata (no summer time)', 2025, 2027],
    ['America/Asuncion (ended summer time for good in 2024)', 2023, 2025],
    ['Asia/Almaty (one time zone for Kazakhstan since 2024)', 2023, 2025],
    ['America/St_Johns (half-hour offsets)', 2025, 2026],
    ['US/Eastern (a legacy name, as the profile may store it)', 2025, 2026],
  ])('%s: ical.js reads each local time as the instant Intl shows it at', (name, from, to) => {
    const tzid = name.split(' ')[0]!;
    const { zone } = parsedZone(tzid, from, to);
    expect(zone.tzid).toBe(tzid);
    const [localOf, instantOf] = [intlLocal(tzid), icalInstant(zone)];
    const differences = instants(tzid, from, to)
      .map((at) => ({ at, local: localOf(at), read: instantOf(localOf(at)) }))
      // When the clocks go back, an hour of local times happens twice: either instant is that local time.
      .filter(({ at, local, read }) => read !== at && localOf(read) !== local)
      .map(({ at, local, read }) => `${local} is ${new Date(at).toISOString()}, ical.js reads ${new Date(read).toISOString()}`);
    expect(differences.slice(0, 5)).toEqual([]);
  });

  it.each([
    ['America/New_York', 2029, 2031],
    ['Australia/Sydney', 2025, 2027],
    ['America/Asuncion', 2023, 2025],
    ['Europe/Dublin', 2025, 2026],
  ])('%s: every change of offset is there, at the minute Intl has it', (tzid, from, to) => {
    const { component } = parsedZone(tzid, from, to);
    const local = intlLocal(tzid);
    const offsetAt = (at: number) => (Date.parse(local(at).replace(' ', 'T') + 'Z') - at) / 1000;
    const [first, ...changes] = component.getAllSubcomponents().map((observance) => {
      const start = observance.getFirstPropertyValue('dtstart') as ICAL.Time;
      const offset = (name: string) => (observance.getFirstPropertyValue(name) as ICAL.UtcOffset).toSeconds();
      const local = Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute, start.second);
      return { at: local - offset('tzoffsetfrom') * 1000, from: offset('tzoffsetfrom'), to: offset('tzoffsetto') };
    });
    expect(first).toEqual({ at: Date.UTC(from, 0, 1), from: offsetAt(Date.UTC(from, 0, 1)), to: offsetAt(Date.UTC(from, 0, 1)) });
    for (const change of changes) {
      expect({ before: offsetAt(change.at - MINUTE), after: offsetAt(change.at) }).toEqual({ before: change.from, after: change.to });
    }
    const hoursWithChanges = instants(tzid, from, to).filter((at, index, all) => all[index + 1] === at + MINUTE && at % HOUR === 0);
    expect(changes.length).toBe(hoursWithChanges.length);
  });

  it('writes each change as the local time before it, with both offsets, the kind of time and its name', () => {
    const lines = vtimezone('America/New_York', { from: 2030, to: 2030 }).split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VTIMEZONE', 'TZID:America/New_York']);
    const observances = lines.slice(2, -1).join('\n').split(/\nEND:(?:STANDARD|DAYLIGHT)\n?/).filter(Boolean);
    expect(observances).toEqual([
      'BEGIN:STANDARD\nDTSTART:20291231T190000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0500\nTZNAME:EST',
      'BEGIN:DAYLIGHT\nDTSTART:20300310T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400\nTZNAME:EDT',
      'BEGIN:STANDARD\nDTSTART:20301103T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500\nTZNAME:EST',
    ]);
    expect(lines.at(-1)).toBe('END:VTIMEZONE');
  });

  it.each([
    // In the southern hemisphere the year starts in summer time.
    ['Australia/Sydney', ['DAYLIGHT +1100 AEDT', 'STANDARD +1000 AEST', 'DAYLIGHT +1100 AEDT']],
    ['Europe/Berlin', ['STANDARD +0100 CET', 'DAYLIGHT +0200 CEST', 'STANDARD +0100 CET']],
    // No change at all: one STANDARD observance.
    ['Asia/Kolkata', ['STANDARD +0530 IST']],
    // Intl has no abbreviation for Paraguay's offsets: the offset itself; no change after October 2024.
    ['America/Asuncion', ['STANDARD -0300 -0300']],
  ])('%s in 2030: %j', (tzid, expected) => {
    const { component } = parsedZone(tzid, 2030, 2030);
    const observances = component
      .getAllSubcomponents()
      .map((sub) => `${sub.name.toUpperCase()} ${sub.getFirstProperty('tzoffsetto')!.toICALString().split(':')[1]} ${sub.getFirstPropertyValue('tzname')}`);
    expect(observances).toEqual(expected);
  });

  it('refuses a zone the runtime does not know', () => {
    expect(() => vtimezone('Mars/Olympus_Mons', { from: 2030, to: 2030 })).toThrow(RangeError);
  });
});
