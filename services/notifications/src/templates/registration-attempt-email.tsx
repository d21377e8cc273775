import { Heading, Link, Text } from '@react-email/components';
import { business } from '@repo/contracts';
import { CallUs, EmailLayout, firstName, renderEmail, styles, type RenderedEmail } from './layout.tsx';
import { ActionLink } from './action-link.tsx';

/** What the "someone tried to register with your email" email says: whose account, and the ways in. */
export type RegistrationAttemptEmailProps = {
  /** The account owner's name. */
  customerName: string;
  /** The portal's sign-in page. */
  loginUrl: string;
  /** The portal's page to ask for a password reset link. */
  forgotPasswordUrl: string;
};

const subject = `Someone tried to create a ${business.name} account with your email`;

/**
 * Sent instead of a confirmation link when the email registering already has an account, so the registration page
 * need not say so: the owner learns of the attempt, and if it was them, the ways to sign in or reset the password.
 */
export function RegistrationAttemptEmail({ customerName, loginUrl, forgotPasswordUrl }: RegistrationAttemptEmailProps) {
  return (
    <EmailLayout subject={subject} preview="Your email already has an account with us. Log in, or reset your password.">
      <Heading as="h1" style={styles.heading}>
        You already have an account
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(customerName)}, someone tried to create a customer portal account with this email, which already has one. If it was you, log in with your password, or reset it if you forgot it.`}
      </Text>
      <ActionLink href={loginUrl} label="Log in" />
      <Text style={styles.paragraph}>
        Forgot your password?{' '}
        <Link href={forgotPasswordUrl} style={styles.link}>
          Reset your password
        </Link>{' '}
        ({forgotPasswordUrl}).
      </Text>
      <Text style={styles.paragraph}>Was it not you? You can ignore this email: nothing changed, and your account and password stay as they are.</Text>
      <CallUs />
    </EmailLayout>
  );
}

export const renderRegistrationAttemptEmail = (props: RegistrationAttemptEmailProps): Promise<RenderedEmail> => renderEmail(subject, <RegistrationAttemptEmail {...props} />);
