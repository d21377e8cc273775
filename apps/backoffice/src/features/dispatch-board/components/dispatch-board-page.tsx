import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  pointerWithin,
  useDndContext,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type MeasuringConfiguration,
} from '@dnd-kit/core';
import { Box, Container, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ArrivalWindow, BoardClosure, DispatchBoard, StaffAppointment, StaffTechnician } from '@repo/contracts';
import { ErrorState, errorMessage, LoadingState, responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { Notice } from '../../../components/notice.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useBusinessDay } from '../../../lib/business-day.ts';
import { DayPicker } from '../../../lib/day-picker.tsx';
import { formatBusinessTime, formatCalendarDay } from '../../../lib/format.ts';
import { returnVisitIn } from '../../../lib/return-visit.ts';
import { techniciansQuery } from '../../../lib/technicians.ts';
import { useNow } from '../../../lib/use-now.ts';
import { fallbackPoll, useStaffLiveUpdates, type LiveStaleness } from '../../../lib/live-updates.ts';
import { boardKeys, useDispatchBoard, useMoveAppointment, type BoardMove } from '../api/board.ts';
import { boardLanes, cellId, moveWarnings, windowLabel, type Lane } from '../lib/conflicts.ts';
import { cellKeyboardCoordinates } from '../lib/keyboard-cells.ts';
import { WaitingKeyboardSensor, WaitingPointerSensor, type WaitingKeyboardOptions, type WaitingPointerOptions } from '../lib/waiting-sensors.ts';
import { BoardSaving, CardInHand } from './board-card.tsx';
import { BoardCell, laneColumnWidth, windowColumnWidth } from './board-cell.tsx';
import { BookForCaller } from './book-for-caller.tsx';
import { DayMap } from './day-map.tsx';
import { DayRoutes } from './day-routes.tsx';
import { WeekBoard } from './week-board.tsx';

/** The board reloads this often, so another dispatcher's moves and new bookings show. */
const pollMs = 30_000;

/**
 * Live from tracking over the WebSocket: a visit's progress recolours its card (the board) and moves its technician's
 * status; a position moves the technician's "last seen". While the socket is down the technicians poll with the board.
 */
const boardStaleness: LiveStaleness = {
  tracking_update: [boardKeys.all, techniciansQuery.queryKey, boardKeys.routes],
  location_update: [techniciansQuery.queryKey, boardKeys.routes],
};

const views = ['day', 'week', 'routes', 'map'] as const;
type View = (typeof views)[number];

type Outcome = { ok: boolean; text: string; title?: string };

/** The mouse picks a card up after it moves 5 px, so a click on its handle or its menu stays a click. */
const pointerActivation = { distance: 5 };

/**
 * The pointer drops on the cell under it; the keyboard on the cell that holds the centre of the card in hand. Not the
 * cell whose centre is nearest: dnd-kit measures the overlay's card (shorter than the card on the board), so a card
 * picked up at the top of a tall cell has its centre nearer to the short Unassigned cell above, and was heard as over
 * it. The nearest centre remains for a card held between cells.
 */
const detectCell: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const { left, top, width, height } = args.collisionRect;
  const under = pointerWithin({ ...args, pointerCoordinates: { x: left + width / 2, y: top + height / 2 } });
  return under.length > 0 ? under : closestCenter(args);
};

/**
 * Where the cells are: measured once as a card is picked up, and again by MeasureAgainOnResize below when the board or
 * what is above it changes size. Not on a timer while dragging: measuring a cell walks its ancestors' computed styles,
 * and 190 cells measured every 100 ms held up the keys and the pointer at a fleet's size (a card's pick-up took most
 * of a second on a slow CPU).
 */
const measuring: MeasuringConfiguration = { droppable: { strategy: MeasuringStrategy.WhileDragging } };

/**
 * While a card is held, measures every cell again when the board or the page around it changes size. dnd-kit
 * re-measures only a cell that resized itself, but a cell that grows moves every lane below it, and a notice shown
 * above the board (a closure read on reload) moves all of them: without measuring again, the pointer over a lane that
 * had moved was heard as "over no lane", and a drop there did nothing.
 */
function MeasureAgainOnResize({ board }: { board: RefObject<HTMLElement | null> }) {
  const { active, measureDroppableContainers } = useDndContext();
  const holding = active !== null;
  useEffect(() => {
    const node = board.current;
    if (!holding || !node) return undefined;
    // The observer reports each node once as it starts observing it: the cells were just measured for the pick-up.
    const seen = new Set<Element>();
    const observer = new ResizeObserver((entries) => {
      let resized = false;
      for (const { target } of entries) {
        if (seen.has(target)) resized = true;
        else seen.add(target);
      }
      if (resized) measureDroppableContainers([]);
    });
    for (const watched of [node, node.parentElement]) if (watched) observer.observe(watched);
    return () => observer.disconnect();
  }, [board, holding, measureDroppableContainers]);
  return null;
}

const screenReaderInstructions = {
  draggable:
    'To move a visit, press Space or Enter to pick it up. Arrow Up and Arrow Down move it to another technician, Arrow Left and Arrow Right to another arrival window. Press Space or Enter to drop it there, or Escape to cancel.',
};

type CellData = { lane: Lane; window: ArrivalWindow };
type CardData = { appointment: StaffAppointment };
const where = (cell: CellData) => `${cell.lane.name}, ${windowLabel(cell.window.timeSlot)}`;

/** Where the "now" line goes across the windows (0 to 1), or undefined outside them. */
function nowFraction(windows: readonly ArrivalWindow[], now: Date): number | undefined {
  const at = now.getTime();
  const index = windows.findIndex((window) => new Date(window.start).getTime() <= at && at < new Date(window.end).getTime());
  if (index < 0) return undefined;
  const window = windows[index]!;
  const start = new Date(window.start).getTime();
  return (index + (at - start) / (new Date(window.end).getTime() - start)) / windows.length;
}

/** A technician's live status, and where and when tracking last had their position. */
const LiveStatus = memo(function LiveStatus({ technician }: { technician: StaffTechnician }) {
  const seen = technician.currentLocation;
  return (
    <Stack gap={2} my={2} align="start">
      <StatusBadge status={technician.status} />
      {seen ? (
        <Text size="xs" c="dark.6" data-testid="last-seen">
          Seen {formatBusinessTime(seen.lastUpdated)}
          {seen.address ? ` near ${seen.address}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
});

/** A lane's first column: its technician's name, live status and specialties. */
const LaneHeading = memo(function LaneHeading({ lane, headingId }: { lane: Lane; headingId: string }) {
  return (
    <Box p={4}>
      <Text component="h2" size="sm" fw={700} m={0} id={headingId}>
        {lane.name}
      </Text>
      {lane.technician ? <LiveStatus technician={lane.technician} /> : null}
      {lane.technician && lane.technician.specialties.length > 0 ? (
        <Text size="xs" c="dark.6">
          {lane.technician.specialties.join(', ')}
        </Text>
      ) : null}
    </Box>
  );
});

/** An empty cell's cards: one array for all of them, so that a memoised cell sees no change. */
const noCards: readonly StaffAppointment[] = [];

type BoardGridProps = { board: DispatchBoard; technicians: StaffTechnician[]; isToday: boolean; onOutcome: (outcome: Outcome) => void };

/**
 * The day's grid. Memoised, and what it hands its cells kept the same between renders (the lanes, each cell's cards,
 * the handlers): dnd-kit renders every cell and card again on each change of its drag state, and a board of 20
 * technicians should then do as little as it can.
 */
const BoardGrid = memo(function BoardGrid({ board: liveBoard, technicians: liveTechnicians, isToday, onOutcome }: BoardGridProps) {
  const now = useNow(60_000);
  const move = useMoveAppointment(liveBoard.date);
  const [dragging, setDragging] = useState<StaffAppointment | null>(null);
  // While a card is held, the board stays as it was when it was picked up: a visit booked or a technician added
  // meanwhile (the board reads itself again every few seconds) would move the lanes under the pointer, and the drop
  // would land on whatever lane came there. The news shows once the card is dropped.
  const [held, setHeld] = useState<{ board: DispatchBoard; technicians: StaffTechnician[] } | null>(null);
  const { board, technicians } = held ?? { board: liveBoard, technicians: liveTechnicians };
  // Whether the card being moved has left its own cell yet: only then is coming back to it worth saying.
  const leftHome = useRef(false);
  const boardBox = useRef<HTMLDivElement>(null);
  const lanes = useMemo(() => boardLanes(technicians, board.appointments), [technicians, board.appointments]);
  const coordinateGetter = useMemo(
    () => cellKeyboardCoordinates(lanes.map((lane) => lane.id), board.windows.map((window) => window.timeSlot)),
    [lanes, board.windows],
  );
  // A move being saved: no card is picked up until it is (one at a time); read by the sensors when a card is grabbed.
  const savingMove = useRef(false);
  useEffect(() => {
    savingMove.current = move.isPending;
  }, [move.isPending]);
  const pointer = useMemo<WaitingPointerOptions>(() => ({ activationConstraint: pointerActivation, waiting: () => savingMove.current }), []);
  const keyboard = useMemo<WaitingKeyboardOptions>(() => ({ coordinateGetter, waiting: () => savingMove.current }), [coordinateGetter]);
  const sensors = useSensors(useSensor(WaitingPointerSensor, pointer), useSensor(WaitingKeyboardSensor, keyboard));
  const pending = move.isPending ? move.variables : undefined;
  // Each cell's cards, grouped once: a card being saved shows where it is going; refused, it returns to where booking
  // keeps it.
  const cards = useMemo(() => {
    const byCell = new Map<string, StaffAppointment[]>();
    for (const appointment of board.appointments) {
      const placed = pending && pending.appointment.id === appointment.id ? { ...appointment, technicianId: pending.technicianId, timeSlot: pending.timeSlot } : appointment;
      const id = cellId(placed.technicianId, placed.timeSlot);
      const cell = byCell.get(id);
      if (cell) cell.push(placed);
      else byCell.set(id, [placed]);
    }
    return byCell;
  }, [board.appointments, pending]);
  const laneName = useCallback((id: string | null) => lanes.find((lane) => lane.id === id)?.name ?? 'Unassigned', [lanes]);

  const { mutate } = move;
  const moveCard = useCallback(
    (appointment: StaffAppointment, technicianId: string | null, timeSlot: string) => {
      if (technicianId === appointment.technicianId && timeSlot === appointment.timeSlot) return;
      const request: BoardMove = { appointment, technicianId, timeSlot };
      const destination = `${laneName(technicianId)}, ${windowLabel(timeSlot)}`;
      mutate(request, {
        onSuccess: () => onOutcome({ ok: true, text: `${appointment.customerName}'s visit moved to ${destination}.` }),
        onError: (error) => onOutcome({ ok: false, text: `${appointment.customerName}'s visit was not moved to ${destination}: ${errorMessage(error)}` }),
      });
    },
    [laneName, mutate, onOutcome],
  );

  // Nothing to warn of where the card already is.
  const boardWarnings = useCallback(
    (appointment: StaffAppointment, cell: CellData) => {
      if (cell.lane.id === appointment.technicianId && cell.window.timeSlot === appointment.timeSlot) return [];
      return moveWarnings({ appointment, lane: cell.lane, window: cell.window, appointments: board.appointments, closure: board.closure });
    },
    [board.appointments, board.closure],
  );
  const cardOf = (data: unknown) => (data as CardData | undefined)?.appointment;
  const cellOf = (data: unknown) => data as CellData | undefined;
  const announcements = useMemo<Announcements>(() => ({
    onDragStart: ({ active }) => {
      const appointment = cardOf(active.data.current);
      return appointment ? `Picked up ${appointment.customerName}'s visit, in ${laneName(appointment.technicianId)}, ${windowLabel(appointment.timeSlot)}.` : undefined;
    },
    onDragOver: ({ active, over }) => {
      const appointment = cardOf(active.data.current);
      const cell = cellOf(over?.data.current);
      if (!appointment) return undefined;
      if (!cell) return `${appointment.customerName}'s visit is over no lane.`;
      // Over its own place: just picked up ("Picked up" stays what is heard), or back where it was.
      if (cell.lane.id === appointment.technicianId && cell.window.timeSlot === appointment.timeSlot) {
        return leftHome.current ? `${appointment.customerName}'s visit is back in its place, ${where(cell)}.` : undefined;
      }
      leftHome.current = true;
      const warnings = boardWarnings(appointment, cell);
      return `${appointment.customerName}'s visit is over ${where(cell)}.${warnings.length > 0 ? ` Warning: ${warnings.join(' ')}` : ''}`;
    },
    onDragEnd: ({ active, over }) => {
      const appointment = cardOf(active.data.current);
      const cell = cellOf(over?.data.current);
      if (!appointment) return undefined;
      return cell ? `${appointment.customerName}'s visit was dropped on ${where(cell)}.` : `${appointment.customerName}'s visit was dropped outside the board and stays where it was.`;
    },
    onDragCancel: ({ active }) => {
      const appointment = cardOf(active.data.current);
      return appointment ? `Moving ${appointment.customerName}'s visit was cancelled; it stays where it was.` : undefined;
    },
  }), [laneName, boardWarnings]);

  const accessibility = useMemo(() => ({ announcements, screenReaderInstructions }), [announcements]);

  const onDragStart = ({ active }: DragStartEvent) => {
    // A new card in hand has not left its place yet, whatever the one before did.
    leftHome.current = false;
    setHeld({ board: liveBoard, technicians: liveTechnicians });
    setDragging(cardOf(active.data.current) ?? null);
  };
  const letGo = () => {
    setHeld(null);
    setDragging(null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    letGo();
    const appointment = cardOf(active.data.current);
    const cell = cellOf(over?.data.current);
    if (appointment && cell) moveCard(appointment, cell.lane.id, cell.window.timeSlot);
  };

  const columns = `${laneColumnWidth}px repeat(${board.windows.length}, minmax(${windowColumnWidth}px, 1fr))`;
  const fraction = isToday ? nowFraction(board.windows, now) : undefined;
  const saving = useMemo(() => ({ busy: move.isPending, savingId: pending?.appointment.id }), [move.isPending, pending]);
  const menu = useMemo(() => ({ lanes, windows: board.windows, appointments: board.appointments, onMove: moveCard }), [lanes, board.windows, board.appointments, moveCard]);

  return (
    <BoardSaving.Provider value={saving}>
      <DndContext
        sensors={sensors}
        collisionDetection={detectCell}
        measuring={measuring}
        accessibility={accessibility}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={letGo}
      >
        <DragOverlay dropAnimation={null}>{dragging ? <CardInHand appointment={dragging} /> : null}</DragOverlay>
        <MeasureAgainOnResize board={boardBox} />
        <Box ref={boardBox} style={{ overflowX: 'auto' }} pb="xs">
          <Box pos="relative" style={{ minWidth: laneColumnWidth + board.windows.length * windowColumnWidth }}>
            <Box style={{ display: 'grid', gridTemplateColumns: columns }}>
              <Text size="xs" fw={700} p={4}>
                Technician
              </Text>
              {board.windows.map((window) => (
                <Box key={window.timeSlot} p={4}>
                  <Text size="xs" fw={700}>
                    {windowLabel(window.timeSlot)}
                  </Text>
                  <Text size="xs">
                    {window.booked} of {window.capacity} booked
                  </Text>
                </Box>
              ))}
            </Box>
            {lanes.map((lane) => {
              const headingId = `lane-${lane.id ?? 'unassigned'}`;
              return (
                <Box component="section" key={headingId} aria-labelledby={headingId} style={{ display: 'grid', gridTemplateColumns: columns, borderTop: '1px solid var(--mantine-color-gray-4)' }}>
                  <LaneHeading lane={lane} headingId={headingId} />
                  {board.windows.map((window) => (
                    <BoardCell
                      key={window.timeSlot}
                      id={cellId(lane.id, window.timeSlot)}
                      lane={lane}
                      window={window}
                      dragging={dragging}
                      warningsFor={boardWarnings}
                      appointments={cards.get(cellId(lane.id, window.timeSlot)) ?? noCards}
                      menu={menu}
                    />
                  ))}
                </Box>
              );
            })}
            {fraction !== undefined ? (
              <Box
                data-testid="now-line"
                style={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  left: `calc(${laneColumnWidth}px + (100% - ${laneColumnWidth}px) * ${fraction})`,
                  width: 2,
                  background: 'var(--mantine-color-red-8)',
                  pointerEvents: 'none',
                }}
              >
                <Text size="xs" fw={700} c="white" bg="red.9" px={4} style={{ position: 'absolute', top: 0, left: 2, whiteSpace: 'nowrap', borderRadius: 2 }}>
                  Now {formatBusinessTime(now.toISOString())}
                </Text>
              </Box>
            ) : null}
          </Box>
        </Box>
      </DndContext>
    </BoardSaving.Provider>
  );
});

/** The Routes and the Map views, memoised: the page renders again as soon as the switch moves, before the view does. */
const RoutesView = memo(DayRoutes);
const MapView = memo(DayMap);

/** The day's closure above the board: nothing can be moved into what it shuts (booking refuses it). */
function ClosureNotice({ date, closure }: { date: string; closure: BoardClosure }) {
  const reason = closure.reason ? ` (${closure.reason})` : '';
  return closure.openSlots === null ? (
    <Notice color="yellow" role="note" title="Closed all day">
      The business is closed on {formatCalendarDay(date)}
      {reason}: no visit can be booked or moved into this day. Visits still on it need a call to move them.
    </Notice>
  ) : (
    <Notice color="yellow" role="note" title="Reduced hours">
      On {formatCalendarDay(date)}
      {reason} only {closure.openSlots.map(windowLabel).join(', ')} {closure.openSlots.length === 1 ? 'is' : 'are'} open: no visit can be booked or moved into another window.
    </Notice>
  );
}

/**
 * /dispatch-board (staff): one business day by technician and arrival window. A card is dragged (mouse or keyboard)
 * or moved with "Move to…" to another technician's lane, to Unassigned or to another window; conflicts show on the
 * target before the drop, and what booking refuses is said beside the board while the card returns.
 */
export function DispatchBoardPage() {
  useDocumentTitle('Dispatch Board');
  const [params] = useSearchParams();
  const days = useBusinessDay(params.get('date'));
  const live = useStaffLiveUpdates(boardStaleness);
  const board = useDispatchBoard(days.day, pollMs);
  const technicians = useQuery({ ...techniciansQuery, refetchInterval: fallbackPoll(live, pollMs) });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [view, setView] = useState<View>('day');
  // A return visit to book, from a visit whose part arrived (lib/return-visit.ts); done with once it is booked.
  const location = useLocation();
  const navigate = useNavigate();
  const returnVisit = returnVisitIn(location.state);
  // The switch shows the view chosen at once; what is below it (some 190 cells of a day, or 200 visits of a week, at a
  // fleet's size) follows in a render React may interrupt, so the click is answered without waiting for it.
  const shown = useDeferredValue(view);
  const { choose } = days;
  const chooseDay = useCallback(
    (day: string) => {
      setOutcome(null);
      choose(day);
    },
    [choose],
  );
  const openDay = useCallback(
    (day: string) => {
      chooseDay(day);
      setView('day');
    },
    [chooseDay],
  );

  let content;
  if (shown === 'routes') {
    content = <RoutesView day={days.day} pollMs={pollMs} />;
  } else if (shown === 'map') {
    content = <MapView day={days.day} pollMs={pollMs} />;
  } else if (shown === 'week' && technicians.data) {
    content = <WeekBoard day={days.day} technicians={technicians.data} pollMs={pollMs} onOpenDay={openDay} />;
  } else if (board.data && technicians.data) {
    content =
      board.data.appointments.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{days.isToday ? 'No appointments today.' : `No appointments on ${formatCalendarDay(days.day)}.`}</Text>
        </Paper>
      ) : (
        <BoardGrid board={board.data} technicians={technicians.data} isToday={days.isToday} onOutcome={setOutcome} />
      );
  } else if (board.isError || technicians.isError) {
    content = (
      <ErrorState
        title="Unable to load the dispatch board"
        description="We're having trouble loading the day's appointments and technicians right now."
        onRetry={() => void Promise.all([board.refetch(), technicians.refetch()])}
      />
    );
  } else {
    content = <LoadingState title="Loading the dispatch board..." />;
  }

  return (
    <Container fluid {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader
          title="Dispatch Board"
          description="A day's visits by technician and arrival window, or the week's by technician and day, or the day's routes in words or on a map. On a day, drag a card by its handle, or use Move to…, to assign, reassign, unassign or move it to another window."
        />
        <Group align="end" gap="md">
          <DayPicker label="Board for" days={{ ...days, choose: chooseDay }} />
          <SegmentedControl
            aria-label="Show"
            value={view}
            onChange={(value) => setView(views.find((known) => known === value) ?? 'day')}
            data={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
              { value: 'routes', label: 'Routes' },
              { value: 'map', label: 'Map' },
            ]}
          />
        </Group>
        {shown === 'day' && board.data ? (
          <BookForCaller
            key={board.data.date}
            date={board.data.date}
            windows={board.data.windows}
            closure={board.data.closure}
            returnVisit={returnVisit}
            onBooked={(text) => {
              setOutcome({ ok: true, title: 'Booked', text });
              if (returnVisit) void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
            }}
          />
        ) : null}
        <div aria-live="polite">
          {outcome ? (
            <Notice color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'} title={outcome.title ?? (outcome.ok ? 'Moved' : 'Not moved')}>
              {outcome.text}
            </Notice>
          ) : null}
        </div>
        {shown === 'day' && board.data?.closure ? <ClosureNotice date={board.data.date} closure={board.data.closure} /> : null}
        {content}
      </Stack>
    </Container>
  );
}
