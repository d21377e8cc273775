/**
 * A sent invoice for the demo customer's first appointment, made through the gateway as staff would make it, for the
 * scripts that measure the customer's invoice page (`pnpm lighthouse`, `pnpm bench invoice-page`). Payments learns of
 * appointments through booking's events, so creating the invoice is retried while payments has not heard of the visit.
 */
import { invoicePaths, sessionCookieName, staffSessionCookieName, type InvoiceLineInput } from '@repo/contracts';

export type Credentials = { email: string; password: string };

/** The session cookie (`name=value`) a sign-in through `base` sets: the portal's customer one or the back office's staff one. */
export async function signInCookie(base: string, credentials: Credentials, as: 'customer' | 'staff' = 'customer'): Promise<string> {
  const [loginPath, cookieName] = as === 'customer' ? ['/api/auth/login', sessionCookieName] : ['/api/admin/login', staffSessionCookieName];
  const response = await fetch(`${base}${loginPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${cookieName}=`));
  if (!response.ok || !cookie) throw new Error(`signing in ${credentials.email} at ${base} answered ${response.status}`);
  return cookie.split(';')[0]!;
}

/** `count` free lines, a part (taxable) and labour in turn, with distinct descriptions. */
export const invoiceLines = (count: number): InvoiceLineInput[] =>
  Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? { description: `Whirlpool refrigerator door gasket (W10830162), unit ${index + 1}`, quantity: 1, unitPriceCents: 11_850, taxable: true }
      : { description: `Labour (per hour), step ${index + 1}`, quantity: 1 + (index % 3), unitPriceCents: 12_500, taxable: false },
  );

export type DemoInvoice = { id: number; appointmentId: number; customerCookie: string; staffCookie: string };

/** Signs in the demo customer and staff, then creates and sends an invoice of `lines` for the customer's first visit. */
export async function sendDemoInvoice(options: { portal: string; backoffice: string; customer: Credentials; admin: Credentials; lines: InvoiceLineInput[] }): Promise<DemoInvoice> {
  const customerCookie = await signInCookie(options.portal, options.customer);
  const staffCookie = await signInCookie(options.backoffice, options.admin, 'staff');
  const appointments = (await (await fetch(`${options.portal}/api/customer/appointments`, { headers: { cookie: customerCookie } })).json()) as { id: number }[];
  const appointmentId = appointments[0]?.id;
  if (!appointmentId) throw new Error(`the demo customer ${options.customer.email} has no appointment to invoice`);
  const staff = { cookie: staffCookie, origin: options.backoffice, 'content-type': 'application/json' };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const created = await fetch(`${options.backoffice}${invoicePaths.invoices}`, { method: 'POST', headers: staff, body: JSON.stringify({ appointmentId, lines: options.lines }) });
    if (created.ok) {
      const { id } = (await created.json()) as { id: number };
      const sent = await fetch(`${options.backoffice}${invoicePaths.invoice(id)}/send`, { method: 'POST', headers: staff, body: '{}' });
      if (!sent.ok) throw new Error(`sending invoice ${id} answered ${sent.status}: ${await sent.text()}`);
      return { id, appointmentId, customerCookie, staffCookie };
    }
    // 404 until payments has the appointment from booking's event.
    if (created.status !== 404 || Date.now() > deadline) throw new Error(`creating the demo invoice answered ${created.status}: ${await created.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
