import { Heading, Section, Text } from '@react-email/components';
import { business } from '@repo/contracts';
import { ActionLink } from './action-link.tsx';
import { CallUs, Detail, EmailLayout, renderEmail, styles, type RenderedEmail } from './layout.tsx';

/** What the "someone is trying to sign in" email says: how many wrong passwords in how long, and what to do. */
export type SignInAlertEmailProps = {
  /** The owner's first name; null greets without one. */
  firstName: string | null;
  /** Which sign-in was guessed at: the customer portal's or the back office's. */
  scope: 'customer' | 'back-office';
  /** The account's email, which the email goes to. */
  email: string;
  failures: number;
  windowMinutes: number;
  /** The portal's page to ask for a password reset link (customers; the back office has none). */
  forgotPasswordUrl: string;
};

const subject = `Someone is trying to sign in to your ${business.name} account`;

/**
 * Sent to an account's owner when the failed sign-ins on their account (from every address together) reach the
 * account's limit: what happened, that the account is protected (the guessing addresses are slowed and blocked, the
 * owner's own device still signs in), and what to do: nothing if it was them; if not, a new password (the portal's
 * reset link for a customer, an administrator for a back-office sign-in) and the business's phone.
 */
export function SignInAlertEmail({ firstName, scope, email, failures, windowMinutes, forgotPasswordUrl }: SignInAlertEmailProps) {
  const account = scope === 'customer' ? 'customer portal account' : 'back-office sign-in';
  return (
    <EmailLayout subject={subject} preview={`${failures} sign-in attempts with a wrong password in ${windowMinutes} minutes. Your account is protected.`}>
      <Heading as="h1" style={styles.heading}>
        Someone is trying to sign in to your account
      </Heading>
      <Text style={styles.paragraph}>{`${firstName ? `Hi ${firstName}` : 'Hello'}, someone has been trying to sign in to your ${business.name} ${account} with wrong passwords.`}</Text>
      <Section style={styles.details}>
        <Detail label="Account">{email}</Detail>
        <Detail label="Failed attempts">{`${failures} in the last ${windowMinutes} minutes`}</Detail>
      </Section>
      <Text style={styles.paragraph}>
        Your account is protected: each address the guesses come from is slowed down and then blocked for a while. Signing in from your own device with your password still works as usual.
      </Text>
      <Text style={styles.paragraph}>Was it you, mistyping your password? Then there is nothing to do.</Text>
      {scope === 'customer' ? (
        <>
          <Text style={styles.paragraph}>Was it not you? If your password is easy to guess or one you use elsewhere, choose a new one:</Text>
          <ActionLink href={forgotPasswordUrl} label="Reset your password" />
        </>
      ) : (
        <Text style={styles.paragraph}>
          Was it not you? If your password is easy to guess or one you use elsewhere, ask an administrator to set you a new one (on the back office’s Staff or Technicians page).
        </Text>
      )}
      <CallUs />
    </EmailLayout>
  );
}

export const renderSignInAlertEmail = (props: SignInAlertEmailProps): Promise<RenderedEmail> => renderEmail(subject, <SignInAlertEmail {...props} />);
