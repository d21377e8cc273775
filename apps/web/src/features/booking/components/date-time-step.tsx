import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { booking, business, onlineBookingHours } from '@repo/contracts';
import { errorMessage } from '@repo/ui';
import { useAvailableSlots } from '../api/available-slots.ts';
import { calendarWeeks, formatMonthDay, formatSlot, formatTime, formatWeekday } from '../lib/dates.ts';

type Props = {
  dates: string[] | null;
  date: string | null;
  timeSlot: string | null;
  notice: string | null;
  onDate: (date: string) => void;
  onSlot: (slot: string) => void;
  onNext: () => void;
};

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

function Choice({ selected, onClick, children }: { selected: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <UnstyledButton className="choice-button" data-selected={selected || undefined} aria-pressed={selected} onClick={onClick}>
      {children}
    </UnstyledButton>
  );
}

/** Why Next cannot be used yet, shown beside it and read with it; null once it can. */
export function nextBlockedReason(date: string | null, timeSlot: string | null): string | null {
  if (!date) return 'Choose a date and a time to continue.';
  if (!timeSlot) return 'Choose a time to continue.';
  return null;
}

/** Online booking's hours beside the business's phone hours, so "open every day, 7 AM–8 PM" and the dates agree. */
export function HoursNote() {
  return (
    <Text size="sm" id="booking-hours" mb="sm">
      Online booking offers arrival windows {onlineBookingHours.days}, {formatTime(onlineBookingHours.opens)} to {formatTime(onlineBookingHours.closes)}{' '}
      (Eastern), up to {booking.windowDays} booking days ahead. Our phone line is open {business.hours.days}, {formatTime(business.hours.opens)} to{' '}
      {formatTime(business.hours.closes)}: call{' '}
      <Anchor href={`tel:${business.phoneTel}`} underline="always">
        {business.phoneDisplay}
      </Anchor>{' '}
      for a Sunday or another time, and
      any time, day or night, for an emergency.
    </Text>
  );
}

/**
 * The bookable dates as a real calendar: weekdays in columns, days outside the window empty, Sundays shown as closed
 * and not selectable (online booking is closed on Sundays).
 */
function DateCalendar({ dates, date, onDate }: { dates: string[]; date: string | null; onDate: (date: string) => void }) {
  const bookable = new Set(dates);
  return (
    <table className="booking-calendar" aria-labelledby="choose-date" aria-describedby="booking-hours">
      <thead>
        <tr>
          {weekdays.map((day) => (
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
                    <span className="calendar-closed">Closed</span>
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

export function DateTimeStep({ dates, date, timeSlot, notice, onDate, onSlot, onNext }: Props) {
  const slots = useAvailableSlots(date);
  const blocked = nextBlockedReason(date, timeSlot);
  return (
    <Stack gap="lg">
      {notice && (
        <Alert color="red" variant="light" role="alert" title={<Text component="span" fw={700} c="red.9">Please choose another time</Text>}>
          {notice}
        </Alert>
      )}
      <section aria-labelledby="choose-date">
        <Title order={3} id="choose-date" fz="lg" mb="xs">
          Choose a date
        </Title>
        <HoursNote />
        {dates === null ? <Text role="status">Loading dates...</Text> : <DateCalendar dates={dates} date={date} onDate={onDate} />}
      </section>

      {date && (
        <section aria-labelledby="choose-time" aria-busy={slots.isPending}>
          <Title order={3} id="choose-time" fz="lg" mb="sm">
            Choose a time
          </Title>
          {slots.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text>Loading available times...</Text>
            </Group>
          ) : slots.isError ? (
            <Alert color="red" variant="light" role="alert" title={<Text component="span" fw={700} c="red.9">Could not load times</Text>}>
              <Text mb="xs">{errorMessage(slots.error, 'Please check your connection and try again.')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void slots.refetch()}>
                Try Again
              </Button>
            </Alert>
          ) : slots.data.availableSlots.length === 0 ? (
            <Text role="status">{slots.data.reason ?? 'No times are left on this day. Please choose another day.'}</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" mb="xs">
                Each time is an arrival window: the technician arrives within it.
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
                {slots.data.availableSlots.map((slot) => (
                  <Choice key={slot} selected={slot === timeSlot} onClick={() => onSlot(slot)}>
                    <Text fw={600}>{formatSlot(slot)}</Text>
                  </Choice>
                ))}
              </SimpleGrid>
            </>
          )}
        </section>
      )}

      <Group justify="flex-end" gap="sm" wrap="wrap">
        {blocked ? (
          <Text size="sm" c="dimmed" id="next-blocked-reason">
            {blocked}
          </Text>
        ) : null}
        <Button onClick={onNext} disabled={blocked !== null} aria-describedby={blocked ? 'next-blocked-reason' : undefined} size="md">
          Next: Service Details
        </Button>
      </Group>
    </Stack>
  );
}
