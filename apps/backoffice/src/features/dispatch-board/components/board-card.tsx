import { createContext, memo, useContext } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { shownAppointmentStatus, type StaffAppointment } from '@repo/contracts';
import { IntakeFacts } from '../../../components/intake-facts.tsx';
import { JobRecordFacts } from '../../../components/job-record-facts.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { statusColors } from '../../../lib/status.ts';
import { movable } from '../lib/conflicts.ts';
import { MoveMenu, type MoveMenuProps } from './move-menu.tsx';

type BoardCardProps = Omit<MoveMenuProps, 'appointment' | 'disabled'> & {
  appointment: StaffAppointment;
};

/**
 * The move being saved, if any (one at a time, so every card waits for it): a context, read by the cards only, so that
 * a save starting or ending does not render every cell of the board again.
 */
export const BoardSaving = createContext<{ busy: boolean; savingId: number | undefined }>({ busy: false, savingId: undefined });

type CardDetailsProps = Omit<MoveMenuProps, 'disabled'> & { saving: boolean };

/**
 * "Move to…", off while a move is being saved. Reads the save from the context itself, so that a save starting or ending
 * renders again only this and the drag handle of each card, not the whole card.
 */
function MoveMenuWhenFree(props: Omit<MoveMenuProps, 'disabled'>) {
  const { busy } = useContext(BoardSaving);
  return <MoveMenu {...props} disabled={busy} />;
}

type DragHandleProps = { who: string } & Pick<ReturnType<typeof useDraggable>, 'attributes' | 'listeners'>;

/**
 * The card's drag handle. While a move is being saved it stays where it is (and keeps focus) but says it is
 * unavailable; the board's sensors do not pick a card up then (dispatch-board-page.tsx).
 */
function DragHandle({ who, attributes, listeners }: DragHandleProps) {
  const { busy } = useContext(BoardSaving);
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="md"
      aria-label={`Drag ${who}'s visit`}
      {...attributes}
      {...listeners}
      aria-disabled={busy || undefined}
      style={{ cursor: busy ? 'wait' : 'grab', touchAction: 'none' }}
    >
      <span aria-hidden="true">⠿</span>
    </ActionIcon>
  );
}

/**
 * What a card says below its heading, and its "Move to…". Apart from the card's own drag state: every card renders
 * again whenever dnd-kit's drag state changes (a card picked up, each key or pointer move, a drop), and only the handle
 * and the card's position need to follow it.
 */
const CardDetails = memo(function CardDetails({ appointment, saving, ...menu }: CardDetailsProps) {
  return (
    <>
      <Group gap={4}>
        <StatusBadge status={shownAppointmentStatus(appointment)} />
        {saving ? <Text size="xs">Saving…</Text> : null}
      </Group>
      <Text size="xs" fw={600}>
        {appointment.brand} {appointment.appliance}
      </Text>
      <Text size="xs" lineClamp={2} title={appointment.description ?? undefined}>
        {appointment.description || 'No problem described'}
      </Text>
      <IntakeFacts intake={appointment.intake} compact />
      <JobRecordFacts record={appointment.jobRecord} waitingForParts={appointment.waitingForParts} warrantyClaim={appointment.warrantyClaim} compact />
      <Text size="xs" c="dark.6">
        {appointment.address}, {appointment.city}
      </Text>
      {movable(appointment) ? <MoveMenuWhenFree appointment={appointment} {...menu} /> : null}
    </>
  );
});

/**
 * An appointment on the board: who, what, the problem and where, its status in words and colour; dragged by its handle
 * (mouse or keyboard: Space picks it up, the arrow keys move it a cell at a time) or moved with "Move to…". Memoised:
 * when the board renders again (a move being saved, a reload) the cards that did not change are left alone. Only this
 * holds dnd-kit's drag state, which renders every card again on each change; what it draws renders again only for the
 * card that moves (or is enabled or disabled).
 */
export const BoardCard = memo(function BoardCard({ appointment, ...menu }: BoardCardProps) {
  // Only the card being saved changes here when a save starts or ends: the handles and menus that wait for it read the
  // save themselves, so the other cards are not drawn again (at a fleet's size that held up the drop by half a second).
  const { savingId } = useContext(BoardSaving);
  const saving = savingId === appointment.id;
  const canMove = movable(appointment);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `appointment-${appointment.id}`,
    data: { appointment, cell: { laneId: appointment.technicianId, timeSlot: appointment.timeSlot } },
    disabled: !canMove,
  });
  return (
    <CardView
      appointment={appointment}
      saving={saving}
      {...menu}
      canMove={canMove}
      attributes={attributes}
      listeners={listeners}
      setNodeRef={setNodeRef}
      isDragging={isDragging}
    />
  );
});

type CardViewProps = BoardCardProps & { saving: boolean; canMove: boolean } & Pick<ReturnType<typeof useDraggable>, 'attributes' | 'listeners' | 'setNodeRef' | 'isDragging'>;

const CardView = memo(function CardView({ appointment, saving, canMove, attributes, listeners, setNodeRef, isDragging, ...menu }: CardViewProps) {
  const headingId = `board-card-${appointment.id}`;
  const colors = statusColors[shownAppointmentStatus(appointment)];
  return (
    <Paper
      ref={setNodeRef}
      component="article"
      aria-labelledby={headingId}
      aria-busy={saving || undefined}
      withBorder
      radius="sm"
      p={6}
      data-appointment={appointment.id}
      style={{
        borderLeft: `6px ${isDragging ? 'dashed' : 'solid'} ${colors.text}`,
        position: 'relative',
        opacity: saving || isDragging ? 0.5 : 1,
      }}
    >
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap" align="flex-start">
          {canMove ? <DragHandle who={appointment.customerName} attributes={attributes} listeners={listeners} /> : null}
          <Title order={3} size="h6" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {appointment.customerId !== null ? (
              <Anchor component={Link} to={paths.customerRecord(appointment.customerId)} c="inherit" underline="always">
                {appointment.customerName}
              </Anchor>
            ) : (
              appointment.customerName
            )}
          </Title>
        </Group>
        <CardDetails appointment={appointment} saving={saving} {...menu} />
      </Stack>
    </Paper>
  );
});

/**
 * The card as it follows the pointer or the arrow keys (dnd-kit's overlay, fixed to the window), while its place on the
 * board stays dimmed. Drawn outside the board's sideways-scrolling box: a card moved inside it, past its last lane, made
 * the box taller as it went, and the box then scrolled itself under the pointer (the target kept moving, and a drop
 * could land on another lane). Hidden from screen readers, which hear the live region instead.
 */
export function CardInHand({ appointment }: { appointment: StaffAppointment }) {
  const colors = statusColors[shownAppointmentStatus(appointment)];
  return (
    <Paper withBorder radius="sm" p={6} shadow="lg" aria-hidden="true" style={{ borderLeft: `6px solid ${colors.text}`, cursor: 'grabbing' }}>
      <Stack gap={4}>
        <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {appointment.customerName}
        </Text>
        <StatusBadge status={shownAppointmentStatus(appointment)} />
        <Text size="xs" fw={600}>
          {appointment.brand} {appointment.appliance}
        </Text>
      </Stack>
    </Paper>
  );
}
