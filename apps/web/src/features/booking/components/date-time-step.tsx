import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { booking, business, onlineBookingHours } from '@repo/contracts';
import { errorMessage, lazyPart } from '@repo/ui';
import { useAvailableSlots } from '@repo/ui/api';
import { formatSlot, formatTime } from '../lib/dates.ts';
import { Choice } from './choice.tsx';

/**
 * The calendar needs the business's today, which the prerendered page cannot know: it shows once the page has hydrated.
 * Its code (with the business-time helpers and their time-zone formatter) is its own chunk, preloaded with the page
 * but run after hydration, so that work is a task of its own rather than part of the page's start.
 */
const DateCalendar = lazyPart(() => import('./date-calendar.tsx').then((module) => ({ default: module.DateCalendar })), {
  fallback: <Text role="status">Loading dates...</Text>,
  failed: 'The dates could not be loaded.',
});

type Props = {
  /** False while prerendering and hydrating: the dates show "Loading dates..." until then. */
  showCalendar: boolean;
  date: string | null;
  timeSlot: string | null;
  notice: string | null;
  onDate: (date: string) => void;
  onSlot: (slot: string) => void;
  onNext: () => void;
};

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

export function DateTimeStep({ showCalendar, date, timeSlot, notice, onDate, onSlot, onNext }: Props) {
  const slots = useAvailableSlots(date);
  // Sent back because the time was taken: the list on hand still offers it, so wait for the fresh one.
  const refreshing = notice !== null && slots.isFetching;
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
        {showCalendar ? (
          <DateCalendar date={date} onDate={onDate} />
        ) : (
          <Text role="status">Loading dates...</Text>
        )}
      </section>

      {date && (
        <section aria-labelledby="choose-time" aria-busy={slots.isPending || refreshing}>
          <Title order={3} id="choose-time" fz="lg" mb="sm">
            Choose a time
          </Title>
          {slots.isPending || refreshing ? (
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
