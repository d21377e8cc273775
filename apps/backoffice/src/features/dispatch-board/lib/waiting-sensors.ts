import { KeyboardSensor, PointerSensor, type KeyboardSensorOptions, type PointerSensorOptions } from '@dnd-kit/core';

/** Sensor options with `waiting`: while it answers true (a move is being saved), no card is picked up. */
type Waits = { waiting: () => boolean };

/**
 * dnd-kit's pointer and keyboard sensors, which pick nothing up while a move is being saved. The board saves one move
 * at a time; refusing the pick-up here, rather than disabling each card's draggable, leaves the 200 cards of a busy
 * day as they are when a save starts and ends (disabling them drew every card again twice per drop).
 */
export class WaitingPointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (...args: Parameters<(typeof PointerSensor.activators)[number]['handler']>) => {
        const options = args[1] as PointerSensorOptions & Waits;
        return !options.waiting() && PointerSensor.activators[0]!.handler(...args);
      },
    },
  ];
}

export class WaitingKeyboardSensor extends KeyboardSensor {
  static override activators = [
    {
      eventName: 'onKeyDown' as const,
      handler: (...args: Parameters<(typeof KeyboardSensor.activators)[number]['handler']>) => {
        const options = args[1] as KeyboardSensorOptions & Waits;
        return !options.waiting() && KeyboardSensor.activators[0]!.handler(...args);
      },
    },
  ];
}

export type WaitingPointerOptions = PointerSensorOptions & Waits;
export type WaitingKeyboardOptions = KeyboardSensorOptions & Waits;
