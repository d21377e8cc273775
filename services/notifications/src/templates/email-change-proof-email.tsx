import { Heading, Text } from '@react-email/components';
import { business, emailChange } from '@repo/contracts';
import { CallUs, EmailLayout, firstName, renderEmail, styles, type RenderedEmail } from './layout.tsx';
import { ActionLink } from './action-link.tsx';

/** What an email change's confirmation email says: to whom, the link, and until when it works. */
export type EmailChangeProofEmailProps = {
  /** The account owner's name. */
  customerName: string;
  /** The portal's page confirming the change, with the link's token. */
  confirmUrl: string;
  expiresAt: Date;
};

const subject = `Confirm your new email for your ${business.name} account`;

const clockTime = new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });

/**
 * Sent to the new address of an email change: the link that makes it the account's email (the button and the address
 * written out, for a reader with buttons off), that it asks for the account's password, how long it works, and what to
 * do when it was not you (nothing: the email changes only with both the link and the password, so a link that reached
 * a mistyped address gives its reader nothing).
 */
export function EmailChangeProofEmail({ customerName, confirmUrl, expiresAt }: EmailChangeProofEmailProps) {
  const until = `${clockTime.format(expiresAt)} ET`;
  return (
    <EmailLayout subject={subject} preview={`Confirm this email within ${emailChange.linkValidMinutes} minutes to make it your account’s email.`}>
      <Heading as="h1" style={styles.heading}>
        Confirm your new email
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(customerName)}, you asked to change the email of your customer portal account to this one. Use the link below to confirm it: it asks for your account’s password. It works once, for ${emailChange.linkValidMinutes} minutes (until ${until}). Until you confirm, your account keeps its current email.`}
      </Text>
      <ActionLink href={confirmUrl} label="Confirm my new email" />
      <Text style={styles.paragraph}>Once confirmed, you sign in with this email, and every other device is signed out.</Text>
      <Text style={styles.paragraph}>Did not ask for this? Ignore this email: nothing changes without both the link and the account’s password.</Text>
      <CallUs />
    </EmailLayout>
  );
}

export const renderEmailChangeProofEmail = (props: EmailChangeProofEmailProps): Promise<RenderedEmail> => renderEmail(subject, <EmailChangeProofEmail {...props} />);
