import { memo, useMemo, useState } from 'react';
import { Button, Group, List, NativeSelect, Popover, Stack } from '@mantine/core';
import type { ArrivalWindow, StaffAppointment } from '@repo/contracts';
import { Notice } from '../../../components/notice.tsx';
import { moveWarnings, windowLabel, type Lane } from '../lib/conflicts.ts';

export type MoveMenuProps = {
  appointment: StaffAppointment;
  lanes: readonly Lane[];
  windows: readonly ArrivalWindow[];
  appointments: readonly StaffAppointment[];
  disabled: boolean;
  onMove: (appointment: StaffAppointment, laneId: string | null, timeSlot: string) => void;
};

const unassignedValue = '';

/**
 * "Move to…": a technician and an arrival window chosen from lists, with what to know about them before moving.
 * Memoised, and its warnings worked out only when the choice changes: every movable card of the day has one.
 */
export const MoveMenu = memo(function MoveMenu({ appointment, lanes, windows, appointments, disabled, onMove }: MoveMenuProps) {
  const [opened, setOpened] = useState(false);
  const [laneId, setLaneId] = useState(appointment.technicianId ?? unassignedValue);
  const [timeSlot, setTimeSlot] = useState(appointment.timeSlot);
  const open = () => {
    setLaneId(appointment.technicianId ?? unassignedValue);
    setTimeSlot(appointment.timeSlot);
    setOpened(true);
  };
  const lane = lanes.find((candidate) => (candidate.id ?? unassignedValue) === laneId) ?? lanes[0]!;
  const window = windows.find((candidate) => candidate.timeSlot === timeSlot) ?? windows[0]!;
  const warnings = useMemo(() => moveWarnings({ appointment, lane, window, appointments }), [appointment, lane, window, appointments]);
  const who = appointment.customerName;
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus position="bottom-start" withArrow shadow="md" width={300}>
      <Popover.Target>
        <Button size="compact-xs" variant="light" onClick={() => (opened ? setOpened(false) : open())} disabled={disabled} aria-label={`Move to…: ${who}`}>
          Move to…
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          aria-label={`Move ${who}'s visit`}
          onSubmit={(event) => {
            event.preventDefault();
            setOpened(false);
            onMove(appointment, lane.id, window.timeSlot);
          }}
        >
          <Stack gap="xs">
            <NativeSelect label="Technician" data={lanes.map((choice) => ({ value: choice.id ?? unassignedValue, label: choice.name }))} value={laneId} onChange={(event) => setLaneId(event.currentTarget.value)} />
            <NativeSelect
              label="Arrival window"
              data={windows.map((choice) => ({ value: choice.timeSlot, label: `${windowLabel(choice.timeSlot)} (${choice.booked} of ${choice.capacity} booked)` }))}
              value={timeSlot}
              onChange={(event) => setTimeSlot(event.currentTarget.value)}
            />
            {warnings.length > 0 ? (
              <Notice color="yellow" role="status" title="Before you move it">
                <List size="sm">
                  {warnings.map((warning) => (
                    <List.Item key={warning}>{warning}</List.Item>
                  ))}
                </List>
              </Notice>
            ) : null}
            <Group gap="xs">
              <Button type="submit" size="xs" disabled={lane.id === appointment.technicianId && window.timeSlot === appointment.timeSlot}>
                Move
              </Button>
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
});
