import type { PaymentSucceeded } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { cardText, dateTimeText, moneyText, officeAlertKeys, paymentReceiptKey } from '../domain/visit-messages.ts';
import { renderPaymentReceiptEmail } from '../templates/payment-receipt-email.tsx';
import { alertOffice } from './alert-office.ts';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/**
 * Applies payments' `payment.succeeded`: the payer's receipt (amount, what it was for, the card when known, the date
 * and time in business time, the reference) to the email they gave, once per payment (key
 * `payment-receipt.<payment id>`). A payer who gave no email gets no receipt from us (Stripe sends none either without
 * one). The office hears of the payment when it has an address.
 */
export async function sendPaymentReceipt(ctx: NotificationsContext, trx: Trx, event: PaymentSucceeded): Promise<void> {
  const amount = moneyText(event.amountCents, event.currency);
  const card = cardText(event.cardBrand, event.cardLast4);
  const paidAt = dateTimeText(new Date(event.succeededAt));
  if (event.payerEmail) {
    const email = await renderPaymentReceiptEmail({ amount, description: event.description, card, paidAt, reference: event.reference, paymentId: event.paymentId });
    await queueEmail(ctx, trx, { key: paymentReceiptKey(event.paymentId), kind: 'payment-receipt', recipient: event.payerEmail, ...email });
  }
  await alertOffice(ctx, trx, officeAlertKeys.paid(event.paymentId), {
    subject: `Payment received: ${amount}${event.reference ? `, ${event.reference}` : ''}`,
    heading: 'A payment was made online',
    details: [
      ['Amount', amount],
      ['For', event.description],
      ['Reference', event.reference ?? 'none given'],
      ['Payer’s email', event.payerEmail ?? 'none given'],
      ...(card ? [['Paid with', card] as [string, string]] : []),
      ['Date', paidAt],
      ['Payment number', event.paymentId],
    ],
  });
}
