import { booking, type Customer } from '@repo/contracts';

type AddressFields = { address: string; city: string; state: string; zipCode: string };
type AccountFields = { customerName: string; email: string; phone: string } & AddressFields;

/** "…, FL 32084" or "… FL 32084-1234" at the end: a state's two letters and a ZIP code. */
const stateAndZip = /[,\s]+([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/;
/** A ZIP code alone at the end. */
const zipOnly = /[,\s]+(\d{5}(?:-\d{4})?)$/;

/**
 * An account keeps its address as the one line the customer typed at registration ("48 Cordova St, St Augustine,
 * FL 32084", or only "48 Cordova St"); the wizard asks for street, city, state and ZIP apart. A trailing ZIP (with a
 * state before it) is read off the end, and of what is left the last comma-separated part is the city and the rest
 * the street. A line without commas is all street: what it does not say stays blank for the customer.
 */
export function addressParts(line: string): AddressFields {
  let rest = line.trim().replace(/\s+/g, ' ');
  let state = '';
  let zipCode = '';
  const withState = stateAndZip.exec(rest);
  const withZip = withState ? null : zipOnly.exec(rest);
  if (withState) {
    state = withState[1]!.toUpperCase();
    zipCode = withState[2]!;
    rest = rest.slice(0, withState.index);
  } else if (withZip) {
    zipCode = withZip[1]!;
    rest = rest.slice(0, withZip.index);
  }
  const parts = rest.split(',').map((part) => part.trim()).filter(Boolean);
  const city = parts.length > 1 ? parts.pop()! : '';
  return { address: parts.join(', '), city, state, zipCode };
}

/** What a customer's account says about the wizard's contact fields (blank where the account has nothing). */
export function contactFromAccount(customer: Customer): AccountFields {
  return {
    customerName: [customer.firstName, customer.lastName].map((part) => part.trim()).filter(Boolean).join(' '),
    email: customer.email,
    phone: customer.phone,
    ...addressParts(customer.address ?? ''),
  };
}

/**
 * Fills the fields the visitor has left empty from their account, and only those: what they typed first stays, and
 * everything remains editable. The state (the wizard starts at the business's own) is the account's only when the
 * visitor has typed no part of the address themselves, so a street they typed never gets another address's state.
 */
export function prefillContact<T extends AccountFields>(contact: T, customer: Customer): T {
  const fromAccount = contactFromAccount(customer);
  const filled: Partial<AccountFields> = {};
  for (const name of ['customerName', 'email', 'phone', 'address', 'city', 'zipCode'] as const) {
    if (contact[name].trim() === '' && fromAccount[name] !== '') filled[name] = fromAccount[name];
  }
  const addressUntouched = contact.address.trim() === '' && contact.city.trim() === '' && contact.zipCode.trim() === '';
  if (fromAccount.state !== '' && contact.state === booking.defaultState && addressUntouched) filled.state = fromAccount.state;
  return { ...contact, ...filled };
}
