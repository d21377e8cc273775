import { useEffect, useId, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { officeActionLimits, officeActionMessages, type OfficeAction, type StaffAppointment } from '@repo/contracts';
import { errorMessage, showToast } from '@repo/ui';
import { Notice } from '../../../components/notice.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useOfficeAction } from '../api/appointments.ts';

/** The office actions that fit an appointment's state; a no-show only once its arrival window has started. */
export function officeActionsFor(appointment: StaffAppointment, now: Date): OfficeAction[] {
  const started = new Date(appointment.scheduledTime).getTime() <= now.getTime();
  switch (appointment.status) {
    case 'scheduled':
      return started ? ['confirm', 'cancel', 'no-show'] : ['confirm', 'cancel'];
    case 'confirmed':
      return started ? ['cancel', 'no-show'] : ['cancel'];
    case 'cancelled':
    case 'no-show':
      return ['reopen'];
    default:
      return [];
  }
}

const buttonLabels: Record<OfficeAction, string> = { confirm: 'Confirm', cancel: 'Cancel Appointment', reopen: 'Reopen', 'no-show': 'Mark No-Show' };
const doneTitles: Record<OfficeAction, string> = { confirm: 'Appointment confirmed', cancel: 'Appointment cancelled', reopen: 'Appointment reopened', 'no-show': 'Marked as a no-show' };
/** Destructive actions ask first: what happens, and (to cancel) why. */
const asksFirst = new Set<OfficeAction>(['cancel', 'no-show']);

/**
 * The office's actions on one appointment, next to its card: confirm, cancel with a reason, reopen, mark a no-show.
 * Cancelling and marking a no-show ask first. The button shows it is busy, and a refusal is said right here (and the
 * card reloads, so a change made by someone else shows).
 */
export function AppointmentActions({ appointment }: { appointment: StaffAppointment }) {
  const now = useNow(60_000);
  const office = useOfficeAction();
  const [asking, setAsking] = useState<OfficeAction | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  // Closing the question puts focus back on the button that asked it, so the keyboard stays where it was.
  const buttons = useRef<HTMLDivElement>(null);
  const asked = useRef<OfficeAction | null>(null);
  useEffect(() => {
    if (asking) asked.current = asking;
    else if (asked.current) {
      buttons.current?.querySelector<HTMLButtonElement>(`[data-action="${asked.current}"]`)?.focus();
      asked.current = null;
    }
  }, [asking]);
  const actions = officeActionsFor(appointment, now);
  if (actions.length === 0) return null;
  const who = appointment.customerName;

  const run = (action: OfficeAction) => {
    const trimmed = reason.trim();
    if (action === 'cancel' && trimmed.length === 0) {
      setReasonError(officeActionMessages.reasonRequired);
      return;
    }
    office.mutate(
      { appointment, action, reason: trimmed },
      {
        onSuccess: () => {
          setAsking(null);
          setReason('');
          showToast({ title: doneTitles[action], description: `${who}'s appointment is updated.` });
        },
      },
    );
  };
  const failed = office.isError ? errorMessage(office.error) : null;

  return (
    <Stack gap="xs" role="group" aria-label={`Actions for ${who}'s appointment`}>
      {asking ? (
        <Paper withBorder radius="md" p="sm" role="group" aria-label={asking === 'cancel' ? 'Confirm cancellation' : 'Confirm no-show'}>
          <Stack gap="xs">
            <Text size="sm">
              {asking === 'cancel'
                ? `Cancel ${who}'s appointment? Its time slot is freed and the customer is told.`
                : `Mark ${who}'s appointment as a no-show? The customer was not there for the visit.`}
            </Text>
            {asking === 'cancel' ? (
              <Textarea
                id={reasonId}
                label="Reason"
                description="Kept in the appointment's history."
                required
                autosize
                minRows={2}
                maxLength={officeActionLimits.reason}
                value={reason}
                error={reasonError}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setReasonError(null);
                }}
                autoFocus
              />
            ) : null}
            <Group gap="sm">
              <Button color="red.9" onClick={() => run(asking)} loading={office.isPending} autoFocus={asking !== 'cancel'}>
                {asking === 'cancel' ? 'Cancel Appointment' : 'Mark No-Show'}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setAsking(null);
                  setReasonError(null);
                  office.reset();
                }}
                disabled={office.isPending}
              >
                Keep It
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Group gap="xs" ref={buttons}>
          {actions.map((action) => (
            <Button
              key={action}
              data-action={action}
              size="xs"
              variant={asksFirst.has(action) ? 'outline' : 'light'}
              color={asksFirst.has(action) ? 'red.9' : undefined}
              loading={office.isPending && office.variables?.action === action}
              disabled={office.isPending}
              aria-label={`${buttonLabels[action]}: ${who}`}
              onClick={() => {
                office.reset();
                if (asksFirst.has(action)) setAsking(action);
                else run(action);
              }}
            >
              {buttonLabels[action]}
            </Button>
          ))}
        </Group>
      )}
      {failed ? (
        <Notice color="red" role="alert" title="Not changed">
          {failed}
        </Notice>
      ) : null}
    </Stack>
  );
}
