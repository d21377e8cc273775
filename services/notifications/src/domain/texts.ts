import { addDays, business, businessClock, businessInstant, type MessageKind } from '@repo/contracts';

/** The kinds of message that also go out as a text, to a customer who agreed to texts at booking. */
export type TextKind = Extract<
  MessageKind,
  'booking-confirmation' | 'rescheduled' | 'cancelled' | 'reminder-day-before' | 'reminder-hours-before' | 'on-my-way' | 'running-late' | 'arrived' | 'phone-code'
>;

/**
 * A US number as booking stores it ("(904) 555-0100", "904.555.0100", "+1 904 555 0100") in E.164 form, or undefined
 * when it is not a ten-digit North American number (no text is sent then).
 */
export function e164(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : undefined;
}

/** When texts wait (NOTIFICATIONS_SMS_QUIET_START_HOUR to NOTIFICATIONS_SMS_QUIET_END_HOUR, business time). */
export type QuietHours = { startHour: number; endHour: number };

/**
 * When a text due at `at` may go out: `at` itself outside quiet hours, else the moment they end (business time, that
 * day's own offset). Start and end equal: no quiet hours.
 */
export function afterQuietHours(at: Date, { startHour, endHour }: QuietHours): Date {
  if (startHour === endHour) return at;
  const { date, time } = businessClock(at);
  const hour = Number(time.slice(0, 2));
  const quiet = startHour < endHour ? hour >= startHour && hour < endHour : hour >= startHour || hour < endHour;
  if (!quiet) return at;
  const endDay = startHour > endHour && hour >= startHour ? addDays(date, 1) : date;
  return businessInstant(endDay, `${String(endHour).padStart(2, '0')}:00`);
}

/**
 * Quiet hours hold every text but these: a customer waiting for the technician wants to know now (that they are on the
 * way, and as much that they will come after the window: held until morning, either would be about a visit long
 * begun), and one who asked for a code is waiting for it.
 */
export const ignoresQuietHours = (kind: TextKind) => kind === 'on-my-way' || kind === 'running-late' || kind === 'phone-code';

const stop = 'Reply STOP to opt out.';

/** What each text says (short: one or two SMS segments with its link). */
export const smsTexts = {
  'booking-confirmation': ({ window, appliance, url }: { window: string; appliance: string; url: string }) =>
    `${business.name}: your ${appliance} visit is booked for ${window}. View, reschedule or cancel: ${url} ${stop}`,
  rescheduled: ({ window, url }: { window: string; url: string }) => `${business.name}: your visit is moved to ${window}. Details: ${url} ${stop}`,
  cancelled: ({ window }: { window: string }) => `${business.name}: your visit of ${window} is cancelled. To book again call ${business.phoneDisplay}. ${stop}`,
  reminder: ({ window, day, url }: { window: string; day: 'today' | 'tomorrow' | undefined; url: string }) =>
    `${business.name} reminder: we'll see you ${day ? `${day}, ` : ''}${window}. Details: ${url} ${stop}`,
  /** The day before: the reminder asks the customer to confirm, or to be called back (`answerWords`). */
  'reminder-day-before': ({ window, day, url }: { window: string; day: 'today' | 'tomorrow' | undefined; url: string }) =>
    `${business.name} reminder: we'll see you ${day ? `${day}, ` : ''}${window}. Reply C to confirm or R for a call back. Details: ${url} ${stop}`,
  /** The answers to a customer's C or R, and to one no reminder is waiting for. */
  confirmed: ({ day }: { day: string }) => `${business.name}: thank you, your visit on ${day} is confirmed.`,
  callBack: `${business.name}: thank you, we'll call you during business hours. For anything urgent call ${business.phoneDisplay}.`,
  noVisitToAnswer: `${business.name}: we could not find a visit waiting for your answer. Please call ${business.phoneDisplay}.`,
  'on-my-way': ({ firstName, expectedAt, url }: { firstName: string; expectedAt: string; url: string }) =>
    `${business.name}: ${firstName} is on the way, expected around ${expectedAt}. Track: ${url}`,
  'running-late': ({ firstName, expectedAt, window, url }: { firstName: string; expectedAt: string; window: string; url: string }) =>
    `${business.name}: ${firstName} is running late, now expected around ${expectedAt}, after your window (${window}). Sorry for the wait. Track: ${url}`,
  arrived: ({ firstName, url }: { firstName: string; url: string }) => `${business.name}: ${firstName} has arrived. ${url}`,
  'phone-code': ({ code, minutes }: { code: string; minutes: number }) =>
    `${business.name}: your code is ${code}. It works for ${minutes} minutes. If you did not ask for it, ignore this text.`,
  help: `${business.name}: appointment texts. Call ${business.phoneDisplay} for help. Msg & data rates may apply. ${stop}`,
} as const;

/** Twilio's opt-out and opt-in keywords (Advanced Opt-Out defaults) and the help keyword. */
export const stopWords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const startWords = ['START', 'UNSTOP', 'YES'] as const;
export const helpWords = ['HELP', 'INFO'] as const;

/** The answers the day-before reminder asks for: C (or CONFIRM) confirms the visit, R (or CALL) asks for a call back. */
export const answerWords = { confirm: ['C', 'CONFIRM'], 'call-back': ['R', 'CALL'] } as const;

export type Keyword = 'stop' | 'start' | 'help' | 'confirm' | 'call-back' | undefined;
/** What a customer's text says, in one word (its letter case, spaces and a final full stop aside); undefined for anything else. */
export function keywordOf(body: string): Keyword {
  const word = body.trim().replace(/[.!]+$/, '').toUpperCase();
  if ((stopWords as readonly string[]).includes(word)) return 'stop';
  if ((startWords as readonly string[]).includes(word)) return 'start';
  if ((helpWords as readonly string[]).includes(word)) return 'help';
  if ((answerWords.confirm as readonly string[]).includes(word)) return 'confirm';
  if ((answerWords['call-back'] as readonly string[]).includes(word)) return 'call-back';
  return undefined;
}

/** TwiML: an empty answer, or one text back. */
export const twiml = (message?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${message.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!)}</Message>` : ''}</Response>`;

/** Twilio's message statuses (its status callbacks' MessageStatus). */
export const twilioStatuses = ['accepted', 'scheduled', 'canceled', 'queued', 'sending', 'sent', 'failed', 'delivered', 'undelivered', 'receiving', 'received', 'read', 'partially_delivered'] as const;
export type TwilioStatus = (typeof twilioStatuses)[number];

/** The statuses that end a text's story: the carrier's word (`read` follows `delivered` where the channel reports it). */
export const finalTwilioStatuses = ['delivered', 'read', 'undelivered', 'failed'] as const;
export type FinalTwilioStatus = (typeof finalTwilioStatuses)[number];
export const isFinalTwilioStatus = (status: TwilioStatus): status is FinalTwilioStatus => (finalTwilioStatuses as readonly string[]).includes(status);

/** The state a final status gives a text's row. */
export const textStateOf: Record<FinalTwilioStatus, 'delivered' | 'undelivered' | 'failed'> = { delivered: 'delivered', read: 'delivered', undelivered: 'undelivered', failed: 'failed' };

/** The row's last error for a final status (none for a delivery). */
export function textStatusError(status: FinalTwilioStatus, errorCode: string | null): string | null {
  const state = textStateOf[status];
  return state === 'delivered' ? null : `Twilio reported the text ${state}${errorCode ? ` (error ${errorCode})` : ''}.`;
}
