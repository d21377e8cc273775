import { useMemo } from 'react';
import { bookableDates } from '@repo/contracts';
import { useClosedDays } from '@repo/ui/api';
import { calendarWeeks, formatMonthDay, formatWeekday } from '../lib/calendar.ts';
import { weekdayNames } from '../lib/dates.ts';
import { Choice } from './choice.tsx';

/**
 * The bookable dates as a real calendar: weekdays in columns, days outside the window empty, Sundays and the days the
 * business closes (a holiday, with its reason for screen readers and on hover) shown as closed and not selectable. The
 * dates come from the business's today in the browser, never from the day the page was prerendered.
 */
export function DateCalendar({ date, onDate }: { date: string | null; onDate: (date: string) => void }) {
  const dates = useMemo(() => bookableDates(), []);
  const closedDays = useClosedDays().data;
  const bookable = new Set(dates.filter((day) => !closedDays?.has(day)));
  return (
    <table className="booking-calendar" aria-labelledby="choose-date" aria-describedby="booking-hours">
      <thead>
        <tr>
          {weekdayNames.map((day) => (
            <th key={day} scope="col">
              <abbr title={day}>{day.slice(0, 3)}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {calendarWeeks(dates).map((week) => (
          <tr key={week.find(Boolean) ?? ''}>
            {week.map((day, index) => (
              <td key={day ?? `empty-${index}`}>
                {day === null ? null : bookable.has(day) ? (
                  <Choice selected={day === date} onClick={() => onDate(day)}>
                    <span className="calendar-date">{formatMonthDay(day)}</span>
                    <span className="calendar-weekday">{formatWeekday(day)}</span>
                  </Choice>
                ) : (
                  // Not a control at all: nothing to tab to or press, only the day and why it cannot be chosen.
                  <div className="choice-button calendar-closed-day">
                    <span className="calendar-date">{formatMonthDay(day)}</span>
                    <span className="calendar-weekday">{formatWeekday(day)}</span>
                    <span className="calendar-closed" title={closedDays?.get(day) ?? undefined}>
                      Closed
                      {closedDays?.get(day) ? <span className="visually-hidden">{` (${closedDays.get(day)})`}</span> : null}
                    </span>
                  </div>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
