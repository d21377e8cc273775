import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { addDays, isoDateSchema } from '@repo/contracts';
import { useHydrated } from '@repo/ui';
import type { BusinessDay } from './business-day.ts';
import { formatCalendarDay } from './format.ts';

type DayPickerProps = {
  /** The date field's label: "Appointments on", "Jobs on". */
  label: string;
  /** What `useBusinessDay` answers. */
  days: BusinessDay;
  /** No day before this one can be chosen (a technician looks ahead, not back). */
  earliest?: string;
};

/**
 * A business day to show: a labelled date field (a phone opens its own calendar), Previous day / Today / Next day,
 * and the day in words, announced when it changes. Prerendered (today is not known at build time), the same controls
 * with no day in them and the buttons off, which the browser's render fills in place.
 */
export function DayPicker({ label, days: { day, isToday, today, choose }, earliest }: DayPickerProps) {
  const hydrated = useHydrated();
  // The field keeps what is being typed: a date field reports '' until its date is whole, and the shown day stays.
  const [draft, setDraft] = useState(day);
  const [shown, setShown] = useState(day);
  if (shown !== day) {
    setShown(day);
    setDraft(day);
  }
  const allowed = (candidate: string) => isoDateSchema.safeParse(candidate).success && (earliest === undefined || candidate >= earliest);

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={label}
          value={hydrated ? draft : ''}
          min={hydrated ? earliest : undefined}
          disabled={!hydrated}
          w={170}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft(value);
            if (allowed(value)) choose(value);
          }}
        />
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => choose(addDays(day, -1))} disabled={!hydrated || (earliest !== undefined && day <= earliest)}>
            Previous day
          </Button>
          <Button variant="default" onClick={() => choose(today)} disabled={!hydrated || isToday}>
            Today
          </Button>
          <Button variant="default" onClick={() => choose(addDays(day, 1))} disabled={!hydrated}>
            Next day
          </Button>
        </Group>
      </Group>
      <Text fw={600} aria-live="polite">
        {hydrated ? (isToday ? `Today, ${formatCalendarDay(day)}` : formatCalendarDay(day)) : '\u00a0'}
      </Text>
    </Stack>
  );
}
