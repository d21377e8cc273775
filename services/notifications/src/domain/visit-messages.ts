import { business, type AppointmentStatus, type MessageKind } from '@repo/contracts';

/** The messages of a visit itself: one each per appointment, whatever version or technician (see `visitMessageKey`). */
export type VisitMessageKind = Extract<MessageKind, 'on-my-way' | 'running-late' | 'arrived' | 'job-completed'>;

/**
 * One message of each kind per visit: no version in the key, so a second en route of the same appointment (the
 * technician turned back, the visit was reassigned or moved to another day) or a redelivery sends nothing more.
 */
export const visitMessageKey = (appointmentId: number, kind: VisitMessageKind) => `appointment-${appointmentId}.${kind}`;

/** One receipt per payment. */
export const paymentReceiptKey = (paymentId: string) => `payment-receipt.${paymentId}`;

/** One email per invoice sent: payments sends an invoice once, and a redelivered event meets this key again. */
export const invoiceEmailKey = (invoiceId: number) => `invoice.${invoiceId}`;

/** The office's alerts, one per event they answer. */
export const officeAlertKeys = {
  booked: (appointmentId: number) => `office-alert.appointment-${appointmentId}.booked`,
  cancelled: (appointmentId: number) => `office-alert.appointment-${appointmentId}.cancelled`,
  paid: (paymentId: string) => `office-alert.payment-${paymentId}`,
};

/**
 * How long the technician's news stays worth an email: an on-the-way or arrived event applied later than this after
 * it happened (notifications was down, or booking's first event about the appointment was that late) sends nothing,
 * since the customer has seen the technician by then.
 */
export const visitNewsFreshMinutes = 60;

export const isStaleVisitNews = (at: Date, now: Date) => now.getTime() - at.getTime() > visitNewsFreshMinutes * 60_000;

/** A visit that is over or called off gets no on-the-way or arrived email (booking's word is the newest recorded). */
export const visitIsOff = (status: AppointmentStatus | null) => status === 'cancelled' || status === 'completed';

const timeFormatter = new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
const dateTimeFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: business.timeZone,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "9:26 AM ET": a moment of the visit's day in business time. */
export const clockTimeText = (instant: Date) => `${timeFormatter.format(instant)} ET`;

/** "Tue, Dec 1, 2026, 9:26 AM ET": when a payment was made, in business time. */
export const dateTimeText = (instant: Date) => `${dateTimeFormatter.format(instant)} ET`;

// A business date names a calendar day, not an instant: read at noon UTC and written in UTC, it is that day anywhere.
const dayFormatter = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** "Tuesday, December 29, 2026": a business date (YYYY-MM-DD), such as an invoice's due date, in words. */
export const dayText = (date: string) => dayFormatter.format(new Date(`${date}T12:00:00Z`));

/** "$189.50" (another currency by its code: "189.50 EUR"). */
export function moneyText(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  const amount = (cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return code === 'USD' ? `$${amount}` : `${amount} ${code}`;
}

const brandNames: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** "Visa ending in 4242"; what is known of it, or undefined when nothing is. */
export function cardText(brand: string | null, last4: string | null): string | undefined {
  const name = brand ? (brandNames[brand.toLowerCase()] ?? brand) : 'Card';
  if (last4) return `${name} ending in ${last4}`;
  return brand ? name : undefined;
}
