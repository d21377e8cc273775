import { UnstyledButton } from '@mantine/core';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, bookableDates } from '@repo/contracts';
import { useClosedDays } from '@repo/ui/api';
import { calendarWeeks, formatMonthDay, formatWeekday } from '../lib/calendar.ts';
import { weekdayNames } from '../lib/dates.ts';

/** How far each key moves focus, in days; Home and End depend on the week and are worked out where they are pressed. */
const keySteps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The bookable dates as a real calendar: weekdays in columns, days outside the window empty, Sundays and the days the
 * business closes (a holiday, with its reason for screen readers and on hover) shown as closed and not selectable. The
 * dates come from the business's today in the browser, never from the day the page was prerendered.
 *
 * It is a grid with one tab stop (the chosen date, else the first bookable one): the arrow keys move a day or a week,
 * Home and End go to the first and last day of the week, Enter or Space chooses. Closed days are in the way of the
 * arrows like any other day, so a screen reader hears them and why they are closed, but they cannot be chosen.
 */
export function DateCalendar({ date, onDate }: { date: string | null; onDate: (date: string) => void }) {
  const dates = useMemo(() => bookableDates(), []);
  const closedDays = useClosedDays().data;
  const bookable = new Set(dates.filter((day) => !closedDays?.has(day)));
  const weeks = calendarWeeks(dates);
  const days = new Set(weeks.flat().filter((day) => day !== null));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // The day the arrows last moved to while focus is in the grid; once focus leaves, the tab stop is the chosen day again.
  const [focused, setFocused] = useState<string | null>(null);
  const resting = date && bookable.has(date) ? date : (dates.find((day) => bookable.has(day)) ?? dates[0] ?? null);
  const tabStop = focused && days.has(focused) ? focused : resting;

  function moveFocus(event: KeyboardEvent<HTMLTableElement>) {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date;
    if (!from) return;
    let to: string | null | undefined;
    if (event.key in keySteps) to = addDays(from, keySteps[event.key]!);
    else if (event.key === 'Home' || event.key === 'End') {
      const week = weeks.find((row) => row.includes(from))!.filter((day) => day !== null);
      to = event.key === 'Home' ? week[0] : week.at(-1);
    } else return;
    // A key that would leave the two weeks keeps focus where it is (and the page does not scroll).
    event.preventDefault();
    if (!to || !days.has(to)) return;
    // Its onFocus makes it the tab stop.
    buttons.current.get(to)?.focus();
  }

  return (
    <table
      role="grid"
      className="booking-calendar"
      aria-labelledby="choose-date"
      aria-describedby="booking-hours"
      onKeyDown={moveFocus}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
      }}
    >
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
        {weeks.map((week) => (
          <tr key={week.find(Boolean) ?? ''}>
            {week.map((day, index) => (
              <td key={day ?? `empty-${index}`} role="gridcell">
                {day === null ? null : (
                  <UnstyledButton
                    ref={(button: HTMLButtonElement | null) => {
                      if (button) buttons.current.set(day, button);
                      else buttons.current.delete(day);
                    }}
                    data-date={day}
                    tabIndex={day === tabStop ? 0 : -1}
                    onFocus={() => setFocused(day)}
                    {...(bookable.has(day)
                      ? {
                          className: 'choice-button',
                          'data-selected': day === date || undefined,
                          'aria-pressed': day === date,
                          onClick: () => onDate(day),
                        }
                      : // Focusable so it is heard, but announced as unavailable and pressing it does nothing.
                        { className: 'choice-button calendar-closed-day', 'aria-disabled': true })}
                  >
                    <span className="calendar-date">{formatMonthDay(day)}</span>
                    <span className="calendar-weekday">{formatWeekday(day)}</span>
                    {bookable.has(day) ? null : (
                      <span className="calendar-closed" title={closedDays?.get(day) ?? undefined}>
                        Closed
                        {closedDays?.get(day) ? <span className="visually-hidden">{` (${closedDays.get(day)})`}</span> : null}
                      </span>
                    )}
                  </UnstyledButton>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
