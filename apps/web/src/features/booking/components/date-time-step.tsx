import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { errorMessage } from '@repo/ui';
import { useAvailableSlots } from '../api/available-slots.ts';
import { formatMonthDay, formatSlot, formatWeekday } from '../lib/dates.ts';

type Props = {
  dates: string[] | null;
  date: string | null;
  timeSlot: string | null;
  notice: string | null;
  onDate: (date: string) => void;
  onSlot: (slot: string) => void;
  onNext: () => void;
};

function Choice({ selected, onClick, children }: { selected: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <UnstyledButton className="choice-button" data-selected={selected || undefined} aria-pressed={selected} onClick={onClick}>
      {children}
    </UnstyledButton>
  );
}

export function DateTimeStep({ dates, date, timeSlot, notice, onDate, onSlot, onNext }: Props) {
  const slots = useAvailableSlots(date);
  return (
    <Stack gap="lg">
      {notice && (
        <Alert color="red" variant="light" title="Please choose another time" role="alert">
          {notice}
        </Alert>
      )}
      <section aria-labelledby="choose-date">
        <Title order={3} id="choose-date" fz="lg" mb="sm">
          Choose a date
        </Title>
        {dates === null ? (
          <Text role="status">Loading dates...</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 7 }} spacing="xs">
            {dates.map((value) => (
              <Choice key={value} selected={value === date} onClick={() => onDate(value)}>
                <Text fw={700}>{formatMonthDay(value)}</Text>
                <Text fz="sm">{formatWeekday(value)}</Text>
              </Choice>
            ))}
          </SimpleGrid>
        )}
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
            <Alert color="red" variant="light" title="Could not load times" role="alert">
              <Text mb="xs">{errorMessage(slots.error, 'Please check your connection and try again.')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void slots.refetch()}>
                Try Again
              </Button>
            </Alert>
          ) : slots.data.availableSlots.length === 0 ? (
            <Text role="status">{slots.data.reason ?? 'No times are left on this day. Please choose another day.'}</Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              {slots.data.availableSlots.map((slot) => (
                <Choice key={slot} selected={slot === timeSlot} onClick={() => onSlot(slot)}>
                  <Text fw={600}>{formatSlot(slot)}</Text>
                </Choice>
              ))}
            </SimpleGrid>
          )}
        </section>
      )}

      <Group justify="flex-end">
        <Button onClick={onNext} disabled={!date || !timeSlot} size="md">
          Next: Service Details
        </Button>
      </Group>
    </Stack>
  );
}
