import { memo } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { List, Stack, Text } from '@mantine/core';
import type { ArrivalWindow, StaffAppointment } from '@repo/contracts';
import { windowLabel, type Lane } from '../lib/conflicts.ts';
import { BoardCard } from './board-card.tsx';
import type { MoveMenuProps } from './move-menu.tsx';

/** The lane names' column and each window's narrowest column, in px: on a phone the board scrolls sideways within itself. */
export const laneColumnWidth = 140;
export const windowColumnWidth = 130;

type BoardCellProps = {
  id: string;
  lane: Lane;
  window: ArrivalWindow;
  /** The card being dragged, if any: the cell under it says what to know before the drop. */
  dragging: StaffAppointment | null;
  /** What to know before the dragged card lands here; asked only of the cell it is over. */
  warningsFor: (appointment: StaffAppointment, cell: { lane: Lane; window: ArrivalWindow }) => string[];
  appointments: readonly StaffAppointment[];
  menu: Omit<MoveMenuProps, 'appointment' | 'disabled'>;
};

const noWarnings: string[] = [];

/** The same cards, in the same order: the board groups them again on every reload or save, each cell in a new array. */
const sameCards = (a: readonly StaffAppointment[], b: readonly StaffAppointment[]) => a.length === b.length && a.every((appointment, index) => appointment === b[index]);

/**
 * One technician's (or Unassigned's) arrival window: a drop target holding its cards. Only this holds dnd-kit's drag
 * state, which renders every cell again on each change (a card picked up, each key or pointer move, a drop); what it
 * draws renders again only in the cell whose state changed.
 */
function Cell({ id, lane, window, dragging, warningsFor, appointments, menu }: BoardCellProps) {
  const { setNodeRef, isOver } = useDroppable({ id, data: { lane, window } });
  const warnings = isOver && dragging !== null ? warningsFor(dragging, { lane, window }) : noWarnings;
  return <CellView setNodeRef={setNodeRef} isOver={isOver} warnings={warnings} lane={lane} window={window} appointments={appointments} menu={menu} />;
}

type CellViewProps = Pick<BoardCellProps, 'lane' | 'window' | 'appointments' | 'menu'> & {
  setNodeRef: (element: HTMLElement | null) => void;
  isOver: boolean;
  warnings: string[];
};

const CellView = memo(function CellView({ setNodeRef, isOver, warnings, lane, window, appointments, menu }: CellViewProps) {
  const showWarnings = isOver && warnings.length > 0;
  return (
    <Stack
      ref={setNodeRef}
      role="group"
      aria-label={`${lane.name}, ${windowLabel(window.timeSlot)}`}
      gap={4}
      p={4}
      mih={64}
      data-over={isOver || undefined}
      style={{
        // The warnings lie over the cell's cards instead of pushing them down: a cell that grew while the card passed
        // over it moved every lane below, under the pointer, and the drop landed on another technician.
        position: 'relative',
        borderLeft: '1px solid var(--mantine-color-gray-3)',
        background: isOver ? (showWarnings ? 'var(--mantine-color-yellow-1)' : 'var(--mantine-color-blue-0)') : undefined,
        outline: isOver ? '2px dashed var(--mantine-color-blue-8)' : undefined,
        outlineOffset: -2,
      }}
    >
      {showWarnings ? (
        <Stack
          gap={2}
          data-testid="drop-warning"
          p={4}
          bg="yellow.0"
          pos="absolute"
          top={4}
          left={4}
          right={4}
          style={{ zIndex: 1, border: '1px solid var(--mantine-color-yellow-9)', borderRadius: 4, boxShadow: 'var(--mantine-shadow-sm)', pointerEvents: 'none' }}
        >
          <Text size="xs" fw={700} c="dark.9">
            Warning
          </Text>
          <List size="xs" c="dark.9">
            {warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      {appointments.map((appointment) => (
        <BoardCard key={appointment.id} appointment={appointment} {...menu} />
      ))}
    </Stack>
  );
});

/**
 * Memoised (its cards compared one by one), so that the board rendering again (each minute for the "now" line, a
 * reload, a card shown where it is being saved) leaves the cells that did not change alone.
 */
export const BoardCell = memo(
  Cell,
  (before, after) =>
    before.id === after.id &&
    before.lane === after.lane &&
    before.window === after.window &&
    before.dragging === after.dragging &&
    before.warningsFor === after.warningsFor &&
    before.menu === after.menu &&
    sameCards(before.appointments, after.appointments),
);
