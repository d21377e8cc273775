import { historyImportExample, type Customer, type ImportHistoryRequest } from '@repo/contracts';

type Contact = Pick<Customer, 'firstName' | 'lastName' | 'email' | 'phone'>;

/**
 * What Load Example pastes: the contracts' example (which passes every import rule), under the signed-in customer's
 * own name, email and phone, so it reads as their history.
 */
export function historyExample({ firstName, lastName, email, phone }: Contact): ImportHistoryRequest['historyData'] {
  const { serviceRequests = [], appointments = [] } = historyImportExample.historyData;
  return {
    serviceRequests: serviceRequests.map((item) => ({ ...item, firstName, lastName, email, phone })),
    appointments: appointments.map((item) => ({ ...item, customerName: `${firstName} ${lastName}`, email, phone })),
  };
}
