import { Heading, Text } from '@react-email/components';
import { business, registration } from '@repo/contracts';
import { CallUs, EmailLayout, firstName, renderEmail, styles, type RenderedEmail } from './layout.tsx';
import { ActionLink } from './action-link.tsx';

/** What a registration's confirmation email says: to whom, the link, and until when it works. */
export type EmailProofEmailProps = {
  /** The name typed at registration. */
  customerName: string;
  /** The portal's confirmation page with the link's token. */
  confirmUrl: string;
  expiresAt: Date;
};

const subject = `Confirm your email to finish creating your ${business.name} account`;

const clockTime = new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
/**
 * The registration's confirmation email: the link that creates the account (the button and the address written out,
 * for a reader with buttons off), that it asks for the password chosen at registration, how long it works, and what to
 * do when it was not you (nothing: no account exists until the link is used with that password, which a stranger who
 * typed this email knows and its owner does not).
 */
export function EmailProofEmail({ customerName, confirmUrl, expiresAt }: EmailProofEmailProps) {
  const until = `${clockTime.format(expiresAt)} ET`;
  return (
    <EmailLayout subject={subject} preview={`Confirm your email within ${registration.linkValidMinutes} minutes to finish creating your account.`}>
      <Heading as="h1" style={styles.heading}>
        Confirm your email
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(customerName)}, thank you for registering for our customer portal. Use the link below to confirm this is your email and finish creating your account: it asks for the password you chose when you registered. It works once, for ${registration.linkValidMinutes} minutes (until ${until}), and signs you in.`}
      </Text>
      <ActionLink href={confirmUrl} label="Confirm my email" />
      <Text style={styles.paragraph}>
        Did not register? Someone may have typed your email, by mistake or not. Ignore this email: no account is created without both the link
        and the password chosen when registering.
      </Text>
      <CallUs />
    </EmailLayout>
  );
}

export const renderEmailProofEmail = (props: EmailProofEmailProps): Promise<RenderedEmail> => renderEmail(subject, <EmailProofEmail {...props} />);
