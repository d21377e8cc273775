import { Heading, Link, Text } from '@react-email/components';
import { business } from '@repo/contracts';
import { CallUs, EmailLayout, firstName, renderEmail, styles, type RenderedEmail } from './layout.tsx';
import { ActionLink } from './action-link.tsx';

/** What the "someone tried to move another account to your email" email says: whose account, and the ways in. */
export type EmailChangeAttemptEmailProps = {
  /** The name of the owner of the account this email already has. */
  customerName: string;
  /** The portal's sign-in page. */
  loginUrl: string;
  /** The portal's page to ask for a password reset link. */
  forgotPasswordUrl: string;
};

const subject = `Someone tried to move another ${business.name} account to your email`;

/**
 * Sent instead of a confirmation link when the address an account asks to move to already has an account of its own,
 * so the asking page need not say so: the owner learns of the attempt and that nothing changed, and if it was them
 * (an account of theirs under another address), the ways to sign in or reset the password.
 */
export function EmailChangeAttemptEmail({ customerName, loginUrl, forgotPasswordUrl }: EmailChangeAttemptEmailProps) {
  return (
    <EmailLayout subject={subject} preview="Your email already has an account with us, so nothing changed.">
      <Heading as="h1" style={styles.heading}>
        Your email already has an account
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(customerName)}, someone asked to move another customer portal account to this email. This email already has an account, yours, so nothing changed: your account and password are as they were.`}
      </Text>
      <Text style={styles.paragraph}>If it was you, log in to this account with its password, or reset the password if you forgot it.</Text>
      <ActionLink href={loginUrl} label="Log in" />
      <Text style={styles.paragraph}>
        Forgot your password?{' '}
        <Link href={forgotPasswordUrl} style={styles.link}>
          Reset your password
        </Link>{' '}
        ({forgotPasswordUrl}).
      </Text>
      <Text style={styles.paragraph}>Was it not you? You can ignore this email: nothing changed.</Text>
      <CallUs />
    </EmailLayout>
  );
}

export const renderEmailChangeAttemptEmail = (props: EmailChangeAttemptEmailProps): Promise<RenderedEmail> => renderEmail(subject, <EmailChangeAttemptEmail {...props} />);
