import type {
  BackOfficeUser,
  Customer,
  DeliveryStatus,
  ExternalCustomer,
  ImportedCustomerListItem,
  ImportJob,
  ImportSource,
  MessageDetail,
  MessageSummary,
  PaymentListItem,
  ServiceName,
  StaffAccount,
} from '@repo/contracts';
import { json, type Answer } from '@repo/ui/testing/api';

/** Example records of the owner's back-office pages, for the app's tests only. */

export const adminUser: BackOfficeUser = { id: 7, name: 'Office Owner', email: 'owner@example.com', role: 'admin', technicianId: null };

export const sandboxSource: ImportSource = { system: 'servicepro', systemName: 'ServicePro', company: 'St Augustine Appliance Repair (demo)', sandbox: true };

export function importJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 3,
    system: 'servicepro',
    company: 'St Augustine Appliance Repair (demo)',
    status: 'running',
    fetched: 0,
    created: 0,
    updated: 0,
    failed: 0,
    totalImported: 0,
    expectedTotal: 120,
    error: null,
    failures: [],
    startedBy: 'owner@example.com',
    startedAt: '2026-03-10T18:00:00.000Z',
    finishedAt: null,
    pagesSaved: 0,
    position: null,
    retry: null,
    resumable: false,
    resumed: 0,
    ...overrides,
  };
}

export function externalCustomer(overrides: Partial<ExternalCustomer> = {}): ExternalCustomer {
  return {
    id: 'SP-1001',
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '(904) 802-1998',
    email: 'maria.lopez@example.com',
    address: '12 Aviles Street',
    city: 'St Augustine',
    state: 'FL',
    zipCode: '32084',
    totalServices: '5',
    totalSpent: '1234.5',
    lastServiceDate: '2026-02-11',
    preferredTechnician: 'Mike Johnson',
    notes: 'Side gate code 1984',
    serviceHistory: [
      { service: 'Refrigerator repair', date: '2026-02-11', cost: '289.00' },
      { service: 'Dishwasher install', date: '2025-11-02', cost: '450.00' },
      { service: 'Oven diagnosis', date: '2025-06-20', cost: '89.00' },
      { service: 'Washer belt', date: '2024-12-01', cost: '160.50' },
    ],
    ...overrides,
  };
}

/** A row of the imported list (with the portal account linked to it, none by default). */
export function serviceProCustomer(index: number, overrides: Partial<ImportedCustomerListItem> = {}): ImportedCustomerListItem {
  return {
    id: index,
    sourceSystem: 'servicepro',
    serviceProId: `SP-${1000 + index}`,
    firstName: `First${index}`,
    lastName: `Last${index}`,
    email: `customer${index}@example.com`,
    phone: `(904) 555-${String(index).padStart(4, '0')}`,
    address: `${index} King St`,
    city: 'St Augustine',
    state: 'FL',
    zipCode: '32084',
    lastServiceDate: '2026-01-15',
    totalServices: '2',
    totalSpent: '310.00',
    preferredTechnician: null,
    notes: null,
    createdAt: '2026-03-01T15:00:00.000Z',
    importedAt: '2026-03-01T15:00:00.000Z',
    customerId: null,
    ...overrides,
  };
}

export function portalCustomer(index: number, overrides: Partial<Customer> = {}): Customer {
  return {
    id: index,
    firstName: `Portal${index}`,
    lastName: 'Customer',
    email: `portal${index}@example.com`,
    phone: '(904) 555-0134',
    address: '48 Charlotte St',
    isAdmin: false,
    emailVerified: true,
    phoneVerified: false,
    serviceProCustomerId: null,
    createdAt: '2026-01-20T15:00:00.000Z',
    lastLogin: null,
    ...overrides,
  };
}

export function payment(index: number, overrides: Partial<PaymentListItem> = {}): PaymentListItem {
  return {
    id: index,
    paymentIntentId: `pi_demo_${index}`,
    status: 'succeeded',
    amount: 189.5,
    currency: 'usd',
    description: 'Appliance repair service',
    createdAt: '2026-03-10T18:00:00.000Z',
    refunded: 0,
    updatedAt: '2026-03-10T18:00:00.000Z',
    provider: 'demo',
    failureMessage: null,
    payerEmail: 'payer@example.com',
    reference: `INV-${1000 + index}`,
    receiptEmailed: true,
    ...overrides,
  };
}

export function staffAccount(overrides: Partial<StaffAccount> = {}): StaffAccount {
  return { id: 7, name: 'Office Owner', email: 'owner@example.com', role: 'admin', createdAt: '2026-01-05T15:00:00.000Z', lastLogin: '2026-03-10T13:00:00.000Z', ...overrides };
}

/** A message of the delivery log: a booking confirmation sent at the first attempt, unless overridden. */
export function messageSummary(index: number, overrides: Partial<MessageSummary> = {}): MessageSummary {
  return {
    id: index,
    kind: 'booking-confirmation',
    channel: 'email',
    recipient: 'maria.lopez@example.com',
    state: 'sent',
    attempts: 1,
    subject: `Your appliance repair is booked: Tue, Mar 10, 2:00–4:00 PM ET (#${index})`,
    createdAt: '2026-03-10T18:00:00.000Z',
    sentAt: '2026-03-10T18:00:02.000Z',
    dueAt: null,
    lastError: null,
    appointmentId: 40 + index,
    resentFrom: null,
    ...overrides,
  };
}

/** The message whole, with its attempts: one that failed (the relay down), then the one that sent it. */
export function messageDetail(summary: MessageSummary, overrides: Partial<MessageDetail> = {}): MessageDetail {
  return {
    ...summary,
    htmlBody: `<!DOCTYPE html><html lang="en"><body><h1>${summary.subject}</h1><script>parent.document.title = 'escaped'</script></body></html>`,
    textBody: `${summary.subject}\n\nConfirmation code SA-7KQ2MZ`,
    requestedBy: null,
    bodyRemovedAt: null,
    bodyRetentionDays: 90,
    attemptLog: [
      { at: '2026-03-10T18:00:00.500Z', outcome: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:1025', providerMessageId: null },
      { at: '2026-03-10T18:00:02.000Z', outcome: 'sent', error: null, providerMessageId: '250 Message queued as 4F2A' },
    ],
    ...overrides,
  };
}

/** What a service reports of the messages it owes its peers: nothing, unless overridden. */
export function deliveryStatus(service: ServiceName, overrides: Partial<DeliveryStatus> = {}): DeliveryStatus {
  return { service, pending: 0, failed: 0, oldestPendingSeconds: null, routes: [], recentFailures: [], ...overrides };
}

/**
 * A searched, paged list as accounts answers it ({ items, total, page, pageSize }), from `all`: `matches` says which
 * records a search finds.
 */
export function pagedList<T>(all: readonly T[], matches: (item: T, q: string) => boolean = () => true): Answer {
  return ({ query }) => {
    const q = query.get('q') ?? '';
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 25);
    const found = q ? all.filter((item) => matches(item, q)) : all;
    return json(200, { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize });
  };
}
