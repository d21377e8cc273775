import { Heading, Link, Section, Text } from '@react-email/components';
import { business } from '@repo/contracts';
import { maskedEmail } from '../domain/masked-email.ts';
import { Detail, EmailLayout, firstName, renderEmail, styles, type RenderedEmail } from './layout.tsx';

/** What the "your email was changed" email says: whose account, and the address it uses now, masked. */
export type EmailChangedEmailProps = {
  /** The account owner's name. */
  customerName: string;
  /** The account's new email, written masked (`j•••@example.com`). */
  newEmail: string;
};

const subject = `Your ${business.name} account email was changed`;

/**
 * Sent to the old address once an email change is made, so an owner who did not make it learns of it: the account now
 * uses another email, shown masked (enough for its owner to recognise, nothing for whoever reads this inbox to use), and
 * the phone to call if it was not them. No link: this address can no longer sign in to the account or reset its
 * password.
 */
export function EmailChangedEmail({ customerName, newEmail }: EmailChangedEmailProps) {
  const masked = maskedEmail(newEmail);
  return (
    <EmailLayout subject={subject} preview={`Your customer portal account now uses ${masked}.`}>
      <Heading as="h1" style={styles.heading}>
        Your email was changed
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(customerName)}, the email of your customer portal account was changed. The account no longer uses this address: you now sign in with the new one.`}
      </Text>
      <Section style={styles.details}>
        <Detail label="New email">{masked}</Detail>
      </Section>
      <Text style={styles.paragraph}>If you made this change, there is nothing to do.</Text>
      <Text style={styles.paragraph}>
        If you did not make this change, call us right away at{' '}
        <Link href={`tel:${business.phoneTel}`} style={styles.link}>
          {business.phoneDisplay}
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}

export const renderEmailChangedEmail = (props: EmailChangedEmailProps): Promise<RenderedEmail> => renderEmail(subject, <EmailChangedEmail {...props} />);
