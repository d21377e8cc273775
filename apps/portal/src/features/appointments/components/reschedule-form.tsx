import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, Loader, NativeSelect, Radio, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { appointmentPageMessages, bookableDates, rescheduleRequestSchema, type Appointment } from '@repo/contracts';
import { ApiRequestError, Columns, errorMessage, FieldError, fieldErrorsOf, showToast, useFieldErrors } from '@repo/ui';
import { appointmentQueryKeys, useAvailableSlots, useClosedDays } from '@repo/ui/api';
import { formatDateOption, formatTimeSlot } from '../../../lib/dates.ts';
import { useRescheduleAppointment } from '../api/change-appointment.ts';

const fieldNames = ['appointmentDate', 'timeSlot'] as const;
type FieldName = (typeof fieldNames)[number];

type Props = { appointment: Appointment; accessToken: string | undefined; onChanged: () => void };

type SlotChoiceProps = {
  date: string;
  value: string;
  disabled: boolean;
  onChange: (slot: string) => void;
  /** Marks the group invalid and points it at the message the form shows under it. */
  invalidProps: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
};

/**
 * The free slots of the chosen date as a radio group of native radios (arrow keys move between them), marked
 * invalid and described by the message the form shows under it.
 */
function SlotChoice({ date, value, disabled, onChange, invalidProps }: SlotChoiceProps) {
  // Asked again each time the date is chosen, since other visitors book in the meantime.
  const slots = useAvailableSlots(date || null, { staleTime: 0 });
  if (!date) return null;
  if (slots.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Loading free times...</Text>
      </Group>
    );
  }
  if (slots.isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text size="sm">{errorMessage(slots.error, 'The free times could not be loaded. Please check your connection.')}</Text>
        <Button size="xs" variant="light" onClick={() => void slots.refetch()}>
          Try Again
        </Button>
      </Stack>
    );
  }
  if (slots.data.availableSlots.length === 0) {
    return (
      <Text size="sm" role="status">
        {slots.data.reason ?? 'No times are free on that date. Please choose another date.'}
      </Text>
    );
  }
  return (
    <div>
      <Text id="new-time-label" size="sm" fw={500}>
        New time
      </Text>
      <Columns {...invalidProps} role="radiogroup" aria-labelledby="new-time-label" aria-required cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
        {slots.data.availableSlots.map((slot) => (
          <Radio
            key={slot}
            name="timeSlot"
            value={slot}
            label={formatTimeSlot(slot)}
            checked={slot === value}
            disabled={disabled}
            onChange={() => onChange(slot)}
          />
        ))}
      </Columns>
    </div>
  );
}

/** Reschedule: a bookable date, then one of its free slots; the server takes the new place and frees the old one. */
export function RescheduleForm({ appointment, accessToken, onChanged }: Props) {
  const dates = useMemo(() => bookableDates(), []);
  const closedDays = useClosedDays().data;
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const errors = useFieldErrors<FieldName>();
  const reschedule = useRescheduleAppointment();
  const queryClient = useQueryClient();
  const busy = reschedule.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = rescheduleRequestSchema.safeParse({ appointmentDate: date || undefined, timeSlot: slot || undefined });
    if (!parsed.success) {
      const invalid = fieldErrorsOf(parsed.error, fieldNames);
      // Until a date is chosen there are no times to choose from: only the date is asked for.
      errors.show(date ? invalid : { appointmentDate: invalid.appointmentDate });
      return;
    }
    const request = parsed.data;
    errors.clear();
    try {
      await reschedule.mutateAsync({ id: appointment.id, accessToken, slot: request });
    } catch (error) {
      const refused = error instanceof ApiRequestError;
      const fieldErrors = refused ? fieldErrorsOf(error, fieldNames) : {};
      const message = errorMessage(error, refused ? 'The appointment could not be moved. Please try again.' : 'An error occurred. Please try again.');
      // A refusal without a field is about the chosen time (taken meanwhile, the same as before, too late): it goes
      // next to the time, and the free times are read again.
      errors.show(Object.keys(fieldErrors).length > 0 ? fieldErrors : { timeSlot: message });
      if (refused && error.status === 409) {
        setSlot('');
        void queryClient.invalidateQueries({ queryKey: appointmentQueryKeys.availableSlots(date) });
      }
      return;
    }
    showToast({ title: 'Appointment Rescheduled', description: appointmentPageMessages.rescheduled });
    setDate('');
    setSlot('');
    onChanged();
  }

  return (
    <form {...errors.scopeProps} noValidate onSubmit={handleSubmit} aria-busy={busy} aria-labelledby="reschedule-heading">
      <Stack gap="md">
        <Title order={3} size="h5" id="reschedule-heading">
          Reschedule
        </Title>
        <NativeSelect
          {...errors.inputProps('appointmentDate')}
          label="New date"
          name="appointmentDate"
          value={date}
          disabled={busy}
          required
          withAsterisk={false}
          data={[
            { value: '', label: 'Choose a date' },
            // A day the business closes is shown, with its reason, but cannot be chosen.
            ...dates.map((value) =>
              closedDays?.has(value)
                ? { value, label: `${formatDateOption(value)} (closed${closedDays.get(value) ? `: ${closedDays.get(value)}` : ''})`, disabled: true }
                : { value, label: formatDateOption(value) },
            ),
          ]}
          onChange={(event) => {
            setDate(event.currentTarget.value);
            setSlot('');
            errors.clear();
          }}
        />
        <div>
          <SlotChoice
            date={date}
            value={slot}
            disabled={busy}
            invalidProps={errors.controlProps('timeSlot')}
            onChange={(next) => {
              setSlot(next);
              errors.clear('timeSlot');
            }}
          />
          <FieldError {...errors.messageProps('timeSlot')} />
        </div>
        <Group>
          <Button type="submit" disabled={busy}>
            {busy ? 'Moving appointment...' : 'Move appointment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
