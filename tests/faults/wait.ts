import { setTimeout as delay } from 'node:timers/promises';

/** The pause between a client's retries: what a real client does after a failed call (not a wait for a condition). */
export const retryPause = (ms = 150) => delay(ms);
