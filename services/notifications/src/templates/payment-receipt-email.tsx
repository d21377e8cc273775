import { Heading, Section, Text } from '@react-email/components';
import { business } from '@repo/contracts';
import { CallUs, Detail, EmailLayout, renderEmail, styles, type RenderedEmail } from './layout.tsx';

/** What a receipt says, each part as text already ("$189.50", "Visa ending in 4242", "Tue, Dec 1, 2026, 9:26 AM ET"). */
export type PaymentReceiptEmailProps = {
  amount: string;
  description: string;
  card: string | undefined;
  paidAt: string;
  reference: string | null;
  paymentId: string;
};

export function PaymentReceiptEmail(props: PaymentReceiptEmailProps) {
  const subject = `Your payment receipt: ${props.amount}`;
  return (
    <EmailLayout subject={subject} preview={`We received your payment of ${props.amount}. Keep this email as your receipt.`}>
      <Heading as="h1" style={styles.heading}>
        Thank you for your payment
      </Heading>
      <Text style={styles.paragraph}>{`We received your payment to ${business.name}. Keep this email as your receipt.`}</Text>
      <Section style={styles.details}>
        <Detail label="Amount paid">{props.amount}</Detail>
        <Detail label="For">{props.description}</Detail>
        {props.card ? <Detail label="Paid with">{props.card}</Detail> : null}
        <Detail label="Date">{props.paidAt}</Detail>
        {props.reference ? <Detail label="Reference">{props.reference}</Detail> : null}
        <Detail label="Payment number">{props.paymentId}</Detail>
      </Section>
      <CallUs />
    </EmailLayout>
  );
}

export const renderPaymentReceiptEmail = (props: PaymentReceiptEmailProps): Promise<RenderedEmail> =>
  renderEmail(`Your payment receipt: ${props.amount}`, <PaymentReceiptEmail {...props} />);
