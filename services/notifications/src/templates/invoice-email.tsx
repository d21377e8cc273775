import { Heading, Section, Text } from '@react-email/components';
import { business, invoiceLinkValidDays } from '@repo/contracts';
import { ActionLink } from './action-link.tsx';
import { CallUs, Detail, EmailLayout, renderEmail, styles, type RenderedEmail } from './layout.tsx';

/** What an invoice's email says, each part as text already ("$189.50", "Tuesday, December 29, 2026"). */
export type InvoiceEmailProps = {
  /** The invoice's number ("INV-2026-0042"). */
  number: string;
  customerName: string;
  /** What the invoice is for: the visit as payments names it ("Bosch dishwasher (repair)"). */
  visit: string;
  /** The balance still owed. */
  amount: string;
  /** The due date in words. */
  dueDate: string;
  /** The portal's page of the invoice, opened by its emailed key (`invoiceLinkPath`). */
  invoiceUrl: string;
};

const invoiceSubject = (props: Pick<InvoiceEmailProps, 'number' | 'amount'>) => `Invoice ${props.number} from ${business.name}: ${props.amount}`;

/**
 * The invoice staff sent: what is owed, by when, and the link to see and pay it. Always sent (money owed, like a
 * change to the visit), so it has no unsubscribe link.
 */
export function InvoiceEmail(props: InvoiceEmailProps) {
  const subject = invoiceSubject(props);
  const name = props.customerName.trim();
  return (
    <EmailLayout subject={subject} preview={`Invoice ${props.number}: ${props.amount} due by ${props.dueDate}. View and pay it online.`}>
      <Heading as="h1" style={styles.heading}>
        Your invoice is ready
      </Heading>
      <Text style={styles.paragraph}>{`Hello${name ? ` ${name}` : ''}, thank you for choosing ${business.name}. Your invoice for the visit to your ${props.visit} is ready.`}</Text>
      <Section style={styles.details}>
        <Detail label="Invoice number">{props.number}</Detail>
        <Detail label="Amount due">{props.amount}</Detail>
        <Detail label="Due date">{props.dueDate}</Detail>
      </Section>
      <ActionLink href={props.invoiceUrl} label="View and pay your invoice" />
      <Text style={styles.small}>
        {`This link works for ${invoiceLinkValidDays} days and opens only this invoice. You can also pay by phone: call us at ${business.phoneDisplay}.`}
      </Text>
      <CallUs />
    </EmailLayout>
  );
}

export const renderInvoiceEmail = (props: InvoiceEmailProps): Promise<RenderedEmail> => renderEmail(invoiceSubject(props), <InvoiceEmail {...props} />);
