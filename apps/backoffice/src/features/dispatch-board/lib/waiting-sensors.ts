import { KeyboardSensor, PointerSensor, type Activators, type KeyboardSensorOptions, type PointerSensorOptions } from '@dnd-kit/core';

/** Sensor options with `waiting`: while it answers true (a move is being saved), no card is picked up. */
type Waits = { waiting: () => boolean };

/** A sensor's activators, each refusing to start while its options' `waiting()` answers true. */
function waitingActivators<Options>(activators: Activators<Options>): Activators<Options & Waits> {
  return activators.map(({ eventName, handler }) => ({ eventName, handler: (event, options, context) => !options.waiting() && handler(event, options, context) }));
}

/**
 * dnd-kit's pointer and keyboard sensors, which pick nothing up while a move is being saved. The board saves one move
 * at a time; refusing the pick-up here, rather than disabling each card's draggable, leaves the 200 cards of a busy
 * day as they are when a save starts and ends (disabling them drew every card again twice per drop).
 */
export class WaitingPointerSensor extends PointerSensor {
  static override activators = waitingActivators(PointerSensor.activators) as typeof PointerSensor.activators;
}

export class WaitingKeyboardSensor extends KeyboardSensor {
  static override activators = waitingActivators(KeyboardSensor.activators) as typeof KeyboardSensor.activators;
}

export type WaitingPointerOptions = PointerSensorOptions & Waits;
export type WaitingKeyboardOptions = KeyboardSensorOptions & Waits;
