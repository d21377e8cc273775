import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Fieldset, Group, Input, NativeSelect, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  appliances,
  booking,
  brands,
  callerBookingMessages,
  callerBookingSchema,
  serviceTypes,
  smsConsentWording,
  type ArrivalWindow,
  type BoardClosure,
  type CallerBookingParsed,
} from '@repo/contracts';
import { Columns, responsiveSpacing } from '@repo/ui';
import { formatCalendarDay } from '../../../lib/format.ts';
import type { ReturnVisit } from '../../../lib/return-visit.ts';
import { bySchema, useForm } from '../../../lib/use-form.ts';
import { useBookForCaller } from '../api/board.ts';
import { windowLabel } from '../lib/conflicts.ts';

type Fields =
  | 'customerName' | 'phone' | 'email' | 'address' | 'city' | 'state' | 'zipCode'
  | 'serviceType' | 'appliance' | 'brand' | 'description' | 'timeSlot' | 'overCapacityReason';
const fields: readonly Fields[] = [
  'customerName', 'phone', 'email', 'address', 'city', 'state', 'zipCode', 'serviceType', 'appliance', 'brand', 'description', 'timeSlot', 'overCapacityReason',
];
const blank: Record<Fields, string> = {
  customerName: '', phone: '', email: '', address: '', city: '', state: booking.defaultState, zipCode: '',
  serviceType: '', appliance: '', brand: '', description: '', timeSlot: '', overCapacityReason: '',
};

/** A window the day's closure shuts cannot be offered: booking refuses it as it does online. */
const closedBy = (closure: BoardClosure | null, timeSlot: string) => Boolean(closure && (closure.openSlots === null || !closure.openSlots.includes(timeSlot)));
const isFull = (window: ArrivalWindow) => window.booked >= window.capacity;
const newKey = () => `caller-${crypto.randomUUID()}`;

type Props = { date: string; windows: readonly ArrivalWindow[]; closure: BoardClosure | null; returnVisit?: ReturnVisit | null };

/** The form's first values: blank, or the customer and appliance of the visit a return visit follows. */
const firstValues = (visit: ReturnVisit | null | undefined): Record<Fields, string> => {
  if (!visit) return blank;
  const { fromAppointmentId: _from, ...filled } = visit;
  return { ...blank, ...filled };
};

/**
 * The office books for someone on the phone, on the board's day: the caller's details, the appliance, and one of the
 * day's arrival windows with how many places are taken. A full window can be booked only by ticking "Book over
 * capacity" and saying why (kept in the appointment's history). One filled-in form is one booking, however often
 * Book is pressed or retried: its Idempotency-Key belongs to the form and is renewed once it has booked.
 */
function CallerForm({ date, windows, closure, returnVisit, onBooked }: Props & { onBooked: (text: string) => void }) {
  const form = useForm<Fields>(firstValues(returnVisit));
  const [smsConsent, setSmsConsent] = useState(false);
  const [overCapacity, setOverCapacity] = useState(false);
  const [idempotencyKey] = useState(newKey);
  const book = useBookForCaller(date);
  const chosen = windows.find((window) => window.timeSlot === form.values.timeSlot);
  const chosenFull = chosen ? isFull(chosen) : false;

  const check = (values: Record<Fields, string>) =>
    bySchema<Fields, CallerBookingParsed>(callerBookingSchema, {
      ...values,
      description: values.description || undefined,
      appointmentDate: date,
      timeSlot: values.timeSlot || undefined,
      serviceType: values.serviceType || undefined,
      appliance: values.appliance || undefined,
      brand: values.brand || undefined,
      smsConsent,
      overCapacity: chosenFull && overCapacity,
      overCapacityReason: chosenFull && overCapacity ? values.overCapacityReason : undefined,
    });
  const send = async (request: CallerBookingParsed) => {
    const booked = await book.mutateAsync({ request, idempotencyKey });
    onBooked(`${booked.appointment.customerName}, ${formatCalendarDay(date)}, ${windowLabel(booked.appointment.timeSlot)}. ${callerBookingMessages.booked(booked.confirmationCode)}`);
  };
  const failure = { title: 'Not Booked', fallback: 'The booking could not be made', fields, statusFields: { 409: 'timeSlot' as const } };
  const slotError = form.errors.timeSlot;
  const slotErrorId = 'caller-time-slot-error';
  const selectOptions = (values: readonly string[]) => [{ value: '', label: 'Choose…' }, ...values.map((value) => ({ value, label: value }))];

  return (
    <form aria-label="Book for a caller" {...form.formProps(check, send, failure)}>
      <Stack gap="sm">
        <Fieldset legend="Caller" variant="unstyled">
          <Columns cols={{ base: 1, sm: 2 }} spacing="sm" style={{ alignItems: 'start' }}>
            <TextInput label="Name" withAsterisk autoComplete="off" {...form.field('customerName')} />
            <TextInput label="Phone" withAsterisk type="tel" autoComplete="off" {...form.field('phone')} />
            <TextInput label="Email" withAsterisk type="email" autoComplete="off" description="The confirmation and reminders go here" {...form.field('email')} />
            <TextInput label="Street address" withAsterisk autoComplete="off" {...form.field('address')} />
            <TextInput label="City" withAsterisk autoComplete="off" {...form.field('city')} />
            <Group grow align="start" gap="sm">
              <TextInput label="State" withAsterisk autoComplete="off" {...form.field('state')} />
              <TextInput label="ZIP code" withAsterisk inputMode="numeric" autoComplete="off" {...form.field('zipCode')} />
            </Group>
          </Columns>
        </Fieldset>
        <Fieldset legend="Appliance" variant="unstyled">
          <Columns cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'start' }}>
            <NativeSelect label="Service" withAsterisk data={selectOptions(serviceTypes)} {...form.field('serviceType')} />
            <NativeSelect label="Appliance" withAsterisk data={selectOptions(appliances)} {...form.field('appliance')} />
            <NativeSelect label="Brand" withAsterisk data={selectOptions(brands)} {...form.field('brand')} />
          </Columns>
          <Textarea mt="sm" label="Problem" description="Optional: what the caller says is wrong" autosize minRows={2} {...form.field('description')} />
        </Fieldset>
        <Radio.Group
          label={`Arrival window on ${formatCalendarDay(date)}`}
          withAsterisk
          value={form.values.timeSlot}
          onChange={(value) => form.setValue('timeSlot', value)}
          aria-describedby={slotError ? slotErrorId : undefined}
        >
          <Stack gap={6} mt={4}>
            {windows.map((window) => {
              const shut = closedBy(closure, window.timeSlot);
              const taken = `${window.booked} of ${window.capacity} booked`;
              return (
                <Radio
                  key={window.timeSlot}
                  value={window.timeSlot}
                  disabled={form.busy || shut}
                  aria-invalid={Boolean(slotError)}
                  label={`${windowLabel(window.timeSlot)} · ${shut ? 'closed' : isFull(window) ? `full (${taken})` : taken}`}
                />
              );
            })}
          </Stack>
        </Radio.Group>
        {slotError ? <Input.Error id={slotErrorId}>{slotError}</Input.Error> : null}
        {chosenFull ? (
          <Stack gap="xs">
            <Checkbox
              label="Book over capacity"
              description="This window is full. Book it anyway only when the technicians can take one more visit."
              checked={overCapacity}
              disabled={form.busy}
              onChange={(event) => {
                setOverCapacity(event.currentTarget.checked);
                form.clearError('overCapacityReason');
              }}
            />
            {overCapacity ? <Textarea label="Why" withAsterisk description="Kept in the appointment's history with your name" autosize minRows={2} {...form.field('overCapacityReason')} /> : null}
          </Stack>
        ) : null}
        <Checkbox
          label="The caller agreed to texts about this visit"
          description={`Read it to them: "${smsConsentWording}"`}
          checked={smsConsent}
          disabled={form.busy}
          onChange={(event) => setSmsConsent(event.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={form.busy}>
            Book
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Book for a caller" beside the board's day: opens the form in a panel under it (a section of the page, not a dialog,
 * so a phone scrolls it like the rest); once booked the panel closes, focus returns to the button and the board says
 * what was booked (its confirmation code to read out) in its live region.
 */
export function BookForCaller(props: Props & { onBooked: (text: string) => void }) {
  // A return visit to book opens the form at once, filled in.
  const [open, setOpen] = useState(Boolean(props.returnVisit));
  const toggle = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const noWindows = props.windows.length === 0;
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button ref={toggle} variant="light" onClick={() => (open ? close() : setOpen(true))} disabled={noWindows} aria-expanded={open} aria-controls="book-for-caller">
          Book for a caller
        </Button>
        {noWindows ? (
          <Text size="sm" c="dark.6">
            This day offers no arrival windows.
          </Text>
        ) : null}
      </Group>
      {open ? (
        <Paper id="book-for-caller" withBorder {...responsiveSpacing({ p: { base: 'sm', sm: 'lg' } })} radius="md" component="section" aria-labelledby="book-for-caller-heading">
          <Group justify="space-between" align="start" mb="sm">
            <Title order={2} size="h4" id="book-for-caller-heading" ref={heading} tabIndex={-1}>
              {props.returnVisit ? `Book ${props.returnVisit.customerName}'s return visit` : 'Book for a caller'} on {formatCalendarDay(props.date)}
            </Title>
            <Button variant="subtle" onClick={close}>
              Cancel
            </Button>
          </Group>
          {/* A new form when the return visit changes (booked, it is done with): never one filled in for another visit. */}
          <CallerForm
            key={props.returnVisit?.fromAppointmentId ?? 'caller'}
            {...props}
            onBooked={(text) => {
              close();
              props.onBooked(text);
            }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
