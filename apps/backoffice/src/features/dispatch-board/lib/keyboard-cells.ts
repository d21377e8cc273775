import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { cellId, parseCellId } from './conflicts.ts';

/**
 * The keyboard moves a picked-up card a whole cell at a time: Up and Down to the lane above or below, Left and Right
 * to the window before or after. Answers where the card's top-left goes, so that it sits centred on that cell.
 */
export function cellKeyboardCoordinates(laneIds: readonly (string | null)[], timeSlots: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context: { over, active, droppableRects, collisionRect } }) => {
    const from = over ? parseCellId(String(over.id)) : (active?.data.current as { cell?: { laneId: string | null; timeSlot: string } } | undefined)?.cell;
    if (!from || !collisionRect) return undefined;
    let lane = laneIds.indexOf(from.laneId);
    let slot = timeSlots.indexOf(from.timeSlot);
    switch (event.code) {
      case KeyboardCode.Up: lane -= 1; break;
      case KeyboardCode.Down: lane += 1; break;
      case KeyboardCode.Left: slot -= 1; break;
      case KeyboardCode.Right: slot += 1; break;
      default: return undefined;
    }
    if (lane < 0 || lane >= laneIds.length || slot < 0 || slot >= timeSlots.length) return undefined;
    event.preventDefault();
    const target = droppableRects.get(cellId(laneIds[lane] ?? null, timeSlots[slot]!));
    if (!target) return undefined;
    return { x: target.left + (target.width - collisionRect.width) / 2, y: target.top + (target.height - collisionRect.height) / 2 };
  };
}
