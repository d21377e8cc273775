import { Heading, Link, Text } from '@react-email/components';
import { business, passwordReset } from '@repo/contracts';
import { ActionLink } from './action-link.tsx';
import { EmailLayout, firstName, renderEmail, styles, type RenderedEmail } from './layout.tsx';

/** What a password reset email says: whose account, the link, and until when it works. */
export type PasswordResetEmailProps = {
  customerName: string;
  /** The portal's reset page with the link's token. */
  resetUrl: string;
  expiresAt: Date;
};

const subject = `Choose a new password for your ${business.name} account`;

const clockTime = new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });

/**
 * The reset link email: who asked and what the link does, the button and the address written out (for a reader with
 * images or buttons off), how long it works, and what to do when it was not you. Never the password or the email's
 * account details beyond the first name.
 */
export function PasswordResetEmail({ customerName, resetUrl, expiresAt }: PasswordResetEmailProps) {
  const until = `${clockTime.format(expiresAt)} ET`;
  return (
    <EmailLayout subject={subject} preview={`Your link to choose a new password works for ${passwordReset.linkValidMinutes} minutes.`}>
      <Heading as="h1" style={styles.heading}>
        Choose a new password
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(customerName)}, we received a request to reset the password of your customer portal account. Use the link below to choose a new one. It works once, for ${passwordReset.linkValidMinutes} minutes (until ${until}), and signs you out on every device.`}
      </Text>
      <ActionLink href={resetUrl} label="Choose a new password" />
      <Text style={styles.paragraph}>
        Did not ask for this? You can ignore this email: your password stays as it is. If you keep getting these, call us at{' '}
        <Link href={`tel:${business.phoneTel}`} style={styles.link}>
          {business.phoneDisplay}
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}

export const renderPasswordResetEmail = (props: PasswordResetEmailProps): Promise<RenderedEmail> => renderEmail(subject, <PasswordResetEmail {...props} />);
