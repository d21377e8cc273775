import { useState } from 'react';
import { Button, Checkbox, Fieldset, Input, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { createClosureSchema, formatSlot, type CreateClosureParsed } from '@repo/contracts';
import { Columns, showToast } from '@repo/ui';
import { formatCalendarDay } from '../../../lib/format.ts';
import { bySchema, useForm } from '../../../lib/use-form.ts';
import { useAddClosure } from '../api/closures.ts';

// The windows are held beside the form's text fields; 'openSlots' names their message.
type Fields = 'date' | 'reason' | 'openSlots';
const blank: Record<Fields, string> = { date: '', reason: '', openSlots: '' };

/**
 * Add a closure: a date, an optional reason customers are told, and either closed all day or reduced hours (the
 * arrival windows that stay open, from the windows a normal day offers). Messages sit beside their fields.
 */
export function AddClosureForm({ daySlots }: { daySlots: readonly string[] | undefined }) {
  const form = useForm<Fields>(blank);
  const [hours, setHours] = useState<'closed' | 'reduced'>('closed');
  const [openSlots, setOpenSlots] = useState<string[]>([]);
  const add = useAddClosure();
  const reduced = hours === 'reduced';
  const check = (values: Record<Fields, string>) =>
    bySchema<Fields, CreateClosureParsed>(createClosureSchema, { date: values.date || undefined, reason: values.reason, openSlots: reduced ? openSlots : null });
  const send = async (closure: CreateClosureParsed) => {
    const created = await add.mutateAsync(closure);
    const day = formatCalendarDay(created.date);
    const toMove = created.visitsToMove;
    showToast({
      title: 'Closure added',
      description:
        (created.openSlots ? `${day} keeps reduced hours.` : `${day} is closed.`) +
        (toMove > 0 ? ` ${toMove} ${toMove === 1 ? 'visit is' : 'visits are'} already booked outside the open hours: call to move them.` : ' Online booking no longer offers it.'),
    });
    form.reset();
    setHours('closed');
    setOpenSlots([]);
  };
  const failure = { title: 'Add Closure Failed', fallback: 'Failed to add the closure', fields: ['date', 'reason', 'openSlots'] as const, statusFields: { 409: 'date' as const } };
  const slotsError = form.errors.openSlots;
  const slotsErrorId = 'closure-open-slots-error';

  return (
    <form aria-labelledby="add-closure-heading" {...form.formProps(check, send, failure)}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="add-closure-heading">
          Add a closure
        </Title>
        <Columns cols={{ base: 1, sm: 2 }} spacing="sm" style={{ alignItems: 'start' }}>
          <TextInput label="Date" type="date" withAsterisk {...form.field('date')} />
          <TextInput label="Reason" description="Optional; customers see it, e.g. Thanksgiving" autoComplete="off" {...form.field('reason')} />
        </Columns>
        <Radio.Group
          label="Hours"
          value={hours}
          onChange={(value) => {
            setHours(value === 'reduced' ? 'reduced' : 'closed');
            form.clearError('openSlots');
          }}
        >
          <Stack gap="xs" mt={4}>
            <Radio value="closed" label="Closed all day" disabled={form.busy} />
            <Radio value="reduced" label="Reduced hours: only some arrival windows stay open" disabled={form.busy} />
          </Stack>
        </Radio.Group>
        {reduced ? (
          <Fieldset legend="Arrival windows that stay open" variant="unstyled">
            {daySlots === undefined ? <Text size="sm">Loading the arrival windows…</Text> : null}
            <Columns cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
              {(daySlots ?? []).map((slot) => (
                <Checkbox
                  key={slot}
                  label={formatSlot(slot)}
                  value={slot}
                  checked={openSlots.includes(slot)}
                  disabled={form.busy}
                  aria-invalid={Boolean(slotsError)}
                  aria-describedby={slotsError ? slotsErrorId : undefined}
                  onChange={(event) => {
                    const { checked } = event.currentTarget;
                    setOpenSlots((current) => (checked ? [...current, slot] : current.filter((other) => other !== slot)));
                    form.clearError('openSlots');
                  }}
                />
              ))}
            </Columns>
            {slotsError ? (
              <Input.Error id={slotsErrorId} mt="xs">
                {slotsError}
              </Input.Error>
            ) : null}
          </Fieldset>
        ) : null}
        <div>
          <Button type="submit" loading={form.busy}>
            Add Closure
          </Button>
        </div>
      </Stack>
    </form>
  );
}
