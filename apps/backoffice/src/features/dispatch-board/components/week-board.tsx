import { memo, useMemo } from 'react';
import { Box, Button, Stack, Table, Text } from '@mantine/core';
import { addDays, shownAppointmentStatus, weekday, type StaffAppointment, type StaffTechnician } from '@repo/contracts';
import { ErrorState, LoadingState } from '@repo/ui';
import { formatCalendarDay } from '../../../lib/format.ts';
import { statusColors, statusLabels } from '../../../lib/status.ts';
import { useDispatchBoards } from '../api/board.ts';
import { boardLanes, windowLabel } from '../lib/conflicts.ts';

/** The six working days (Monday to Saturday) of the week that holds `day`; a Sunday belongs to the week before it. */
export function workingWeekOf(day: string): string[] {
  const monday = addDays(day, -((weekday(day) + 6) % 7));
  return Array.from({ length: 6 }, (_, index) => addDays(monday, index));
}

const inOrder = (a: StaffAppointment, b: StaffAppointment) => a.timeSlot.localeCompare(b.timeSlot) || a.id - b.id;

/** One visit in a week cell: its window, customer and appliance, edged in its status's colour. */
const WeekVisit = memo(function WeekVisit({ appointment }: { appointment: StaffAppointment }) {
  const status = shownAppointmentStatus(appointment);
  const colors = statusColors[status];
  return (
    <Box
      component="li"
      data-status={status}
      px={6}
      py={2}
      style={{ borderLeft: `4px solid ${colors.text}`, background: colors.background, borderRadius: 2, listStyle: 'none' }}
    >
      <Text size="xs" fw={700} c={colors.text}>
        {windowLabel(appointment.timeSlot)} · {statusLabels[status]}
      </Text>
      <Text size="xs" c="dark.9">
        {appointment.customerName} · {appointment.brand} {appointment.appliance}
      </Text>
    </Box>
  );
});

type Props = { day: string; technicians: StaffTechnician[]; pollMs: number; onOpenDay: (day: string) => void };

/** Each day's visits by technician (null: Unassigned), in window order: grouped once, not filtered again for each cell. */
function visitsByDay(appointments: ReadonlyMap<string, readonly StaffAppointment[]>) {
  const byDay = new Map<string, Map<string | null, StaffAppointment[]>>();
  for (const [date, visits] of appointments) {
    const byLane = new Map<string | null, StaffAppointment[]>();
    for (const appointment of [...visits].sort(inOrder)) {
      const lane = byLane.get(appointment.technicianId);
      if (lane) lane.push(appointment);
      else byLane.set(appointment.technicianId, [appointment]);
    }
    byDay.set(date, byLane);
  }
  return byDay;
}

/**
 * The week view: one row per technician (and Unassigned), one column per working day, each cell the visits of that
 * technician that day in window order. A day's heading opens that day's board, where cards are moved. Memoised: the
 * page renders again as the view switch moves.
 */
export const WeekBoard = memo(function WeekBoard({ day, technicians, pollMs, onOpenDay }: Props) {
  const days = useMemo(() => workingWeekOf(day), [day]);
  const boards = useDispatchBoards(days, pollMs);
  if (boards.some((board) => board.isError)) {
    return (
      <ErrorState
        title="Unable to load the week"
        description="We're having trouble loading the week's appointments right now."
        onRetry={() => void Promise.all(boards.map((board) => board.refetch()))}
      />
    );
  }
  const loaded = boards.map((board) => board.data);
  if (loaded.some((board) => board === undefined)) return <LoadingState title="Loading the week..." />;
  const byDay = new Map(loaded.map((board) => [board!.date, board!.appointments]));
  const lanes = boardLanes(technicians, [...byDay.values()].flat());
  const grouped = visitsByDay(byDay);

  return (
    <Box style={{ overflowX: 'auto' }} pb="xs">
      <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={6} miw={960} aria-label={`Week of ${formatCalendarDay(days[0]!)}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Technician</Table.Th>
            {days.map((date) => {
              const count = byDay.get(date)?.filter((appointment) => appointment.status !== 'cancelled').length ?? 0;
              return (
                <Table.Th scope="col" key={date}>
                  <Button variant="subtle" size="compact-sm" px={4} onClick={() => onOpenDay(date)} aria-label={`Open ${formatCalendarDay(date)}`}>
                    {formatCalendarDay(date)}
                  </Button>
                  <Text size="xs" c="dark.6" px={4}>
                    {count} {count === 1 ? 'visit' : 'visits'}
                  </Text>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lanes.map((lane) => (
            <Table.Tr key={lane.id ?? 'unassigned'}>
              <Table.Th scope="row">
                <Text size="sm" fw={700}>
                  {lane.name}
                </Text>
              </Table.Th>
              {days.map((date) => {
                const visits = grouped.get(date)?.get(lane.id) ?? [];
                return (
                  <Table.Td key={date} valign="top">
                    {visits.length > 0 ? (
                      <Stack component="ul" gap={4} m={0} p={0}>
                        {visits.map((appointment) => (
                          <WeekVisit key={appointment.id} appointment={appointment} />
                        ))}
                      </Stack>
                    ) : null}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
});
