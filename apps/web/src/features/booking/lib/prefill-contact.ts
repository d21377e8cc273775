import type { Customer } from '@repo/contracts';

type AccountFields = { customerName: string; email: string; phone: string; address: string };

/** What a customer's account says about the wizard's contact fields (blank where the account has nothing). */
export function contactFromAccount(customer: Customer): AccountFields {
  return {
    customerName: [customer.firstName, customer.lastName].map((part) => part.trim()).filter(Boolean).join(' '),
    email: customer.email,
    phone: customer.phone,
    address: customer.address?.trim() ?? '',
  };
}

/**
 * Fills the fields the visitor has left empty from their account, and only those: what they typed first stays, and
 * everything remains editable.
 */
export function prefillContact<T extends AccountFields>(contact: T, customer: Customer): T {
  const fromAccount = contactFromAccount(customer);
  const filled: Partial<AccountFields> = {};
  for (const name of Object.keys(fromAccount) as (keyof AccountFields)[]) {
    if (contact[name].trim() === '' && fromAccount[name] !== '') filled[name] = fromAccount[name];
  }
  return { ...contact, ...filled };
}
