/**
 * An RFC 5545 VTIMEZONE written from the runtime's own time zone data (ICU, through Intl), so that it says what
 * this server believes the zone's offsets are — the same data that placed the events in it — and follows the
 * runtime's updates. A packaged table of zones goes stale: zones keep changing (Kazakhstan and Paraguay in 2024).
 *
 * It lists every offset change in the years asked for, one STANDARD or DAYLIGHT observance each, after one for
 * the offset the first year starts with; no recurrence rules, so no rule can be guessed wrong.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface YearRange {
  /** The first and last calendar years the events fall in; the zone is described from 1 January of `from` to the end of `to`. */
  from: number;
  to: number;
}

interface Observance {
  kind: 'STANDARD' | 'DAYLIGHT';
  /** The local time the offset `from` changes at, written in that offset (RFC 5545 §3.6.5). */
  start: string;
  from: number;
  to: number;
  name: string;
}

/** The VTIMEZONE for `tzid` (an IANA name the runtime knows), covering `years`. */
export function vtimezone(tzid: string, years: YearRange): string {
  const offsetAt = offsetFinder(tzid);
  const begin = Date.UTC(years.from, 0, 1);
  const end = Date.UTC(years.to + 1, 0, 1);

  const changes: Array<{ at: number; from: number; to: number }> = [];
  const lowest = new Map<number, number>();
  let previous = offsetAt(begin);
  for (let day = begin; day <= end; day += DAY) {
    const offset = offsetAt(day);
    const year = new Date(day).getUTCFullYear();
    lowest.set(year, Math.min(lowest.get(year) ?? offset, offset));
    if (offset !== previous) {
      changes.push({ at: firstMinuteWith(offsetAt, day - DAY, day), from: previous, to: offset });
      previous = offset;
    }
  }

  const kindOf = (at: number, offset: number) =>
    offset > (lowest.get(new Date(at).getUTCFullYear()) ?? offset) ? 'DAYLIGHT' : 'STANDARD';
  const initial = offsetAt(begin);
  const observances: Observance[] = [
    { kind: kindOf(begin, initial), start: localTime(begin, initial), from: initial, to: initial, name: nameAt(tzid, begin, initial) },
    ...changes.map(({ at, from, to }): Observance => ({
      kind: kindOf(at, to),
      start: localTime(at, from),
      from,
      to,
      name: nameAt(tzid, at, to),
    })),
  ];

  return [
    'BEGIN:VTIMEZONE',
    `TZID:${tzid}`,
    ...observances.flatMap((observance) => [
      `BEGIN:${observance.kind}`,
      `DTSTART:${observance.start}`,
      `TZOFFSETFROM:${utcOffset(observance.from)}`,
      `TZOFFSETTO:${utcOffset(observance.to)}`,
      `TZNAME:${observance.name}`,
      `END:${observance.kind}`,
    ]),
    'END:VTIMEZONE',
  ].join('\r\n');
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive), from Intl's local reading of it. */
function offsetFinder(tzid: string): (at: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: tzid,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (at) => {
    const part = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, Number(value)]));
    const local = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
    // Intl writes whole seconds: compare with the instant's whole second.
    return local - Math.floor(at / 1000) * 1000;
  };
}

/** The first whole minute after `before` (which has the old offset) and at most `after` that has the new one. */
function firstMinuteWith(offsetAt: (at: number) => number, before: number, after: number): number {
  const old = offsetAt(before);
  let low = before;
  let high = after;
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
    if (offsetAt(middle) === old) low = middle;
    else high = middle;
  }
  return high;
}

/** The instant as local 'yyyyMMddTHHmmss' at `offset`. */
function localTime(at: number, offset: number): string {
  return new Date(at + offset).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** '+0530', '-0330', '+0000'; with seconds only where the offset has them. */
function utcOffset(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const seconds = Math.abs(offset) / 1000;
  const parts = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return sign + parts.slice(0, parts[2] ? 3 : 2).map((part) => String(part).padStart(2, '0')).join('');
}

/**
 * The zone's abbreviation at an instant ('EDT', 'CET', 'AEST') where an English locale has one, else the offset
 * as the tz database writes one ('+0530'), never Intl's 'GMT+5:30'.
 */
function nameAt(tzid: string, at: number, offset: number): string {
  for (const locale of ['en-US', 'en-GB', 'en-AU', 'en-IN']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: tzid, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,6}$/.test(name) && !(name === 'GMT' && offset !== 0)) return name;
  }
  return utcOffset(offset);
}
