/**
 * A VTIMEZONE block (RFC 5545 §3.6.5) for an IANA zone, read from the runtime's own time zone data (Intl), with one
 * observance per offset change over the years asked for. Nothing is hard-coded, so a change of the zone's rules
 * reaches the calendar files with the next Node update.
 */
const dayMs = 86_400_000;
const minuteMs = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's UTC offset in minutes at `instant`, and its abbreviation then (EST, EDT). */
function zoneState(zone: string, instant: number): { offset: number; name: string } {
  const parts: Record<string, string> = {};
  for (const part of zoneFormatter(zone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return { offset: Math.round((wall - Math.floor(instant / 1000) * 1000) / minuteMs), name: parts.timeZoneName ?? '' };
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');
const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
function localText(instant: number, offset: number): string {
  const wall = new Date(instant + offset * minuteMs);
  return `${pad(wall.getUTCFullYear(), 4)}${pad(wall.getUTCMonth() + 1)}${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}${pad(wall.getUTCSeconds())}`;
}

type Transition = { at: number; from: number; to: number; name: string };

/** Offset changes between two instants: a weekly scan, then a binary search to the minute of each change. */
function transitions(zone: string, from: number, to: number): Transition[] {
  const found: Transition[] = [];
  let before = zoneState(zone, from);
  for (let t = from; t < to; t += 7 * dayMs) {
    const next = Math.min(t + 7 * dayMs, to);
    const after = zoneState(zone, next);
    if (after.offset !== before.offset) {
      let low = t;
      let high = next;
      while (high - low > minuteMs) {
        const middle = low + Math.floor((high - low) / 2 / minuteMs) * minuteMs;
        if (zoneState(zone, middle).offset === before.offset) low = middle;
        else high = middle;
      }
      found.push({ at: high, from: before.offset, to: after.offset, name: zoneState(zone, high).name });
    }
    before = after;
  }
  return found;
}

/** The VTIMEZONE of `zone` covering the years `fromYear` to `toYear` (and the change in force when they begin). */
export function vtimezone(zone: string, fromYear: number, toYear: number): string {
  const start = Date.UTC(fromYear - 1, 0, 1);
  const changes = transitions(zone, start, Date.UTC(toYear + 1, 0, 1));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  if (changes.length === 0) {
    const { offset, name } = zoneState(zone, start);
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offsetText(offset)}`, `TZOFFSETTO:${offsetText(offset)}`, `TZNAME:${name}`, 'END:STANDARD');
  }
  const standardOffset = Math.min(...changes.map((change) => change.to));
  for (const change of changes) {
    const kind = change.to > standardOffset ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the wall-clock time the change happens at, read in the offset in force before it.
    lines.push(`BEGIN:${kind}`, `DTSTART:${localText(change.at, change.from)}`, `TZOFFSETFROM:${offsetText(change.from)}`, `TZOFFSETTO:${offsetText(change.to)}`, `TZNAME:${change.name}`, `END:${kind}`);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
