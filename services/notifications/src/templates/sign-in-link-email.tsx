import { Heading, Link, Text } from '@react-email/components';
import { business, signInLink } from '@repo/contracts';
import { ActionLink } from './action-link.tsx';
import { EmailLayout, firstName, renderEmail, styles, type RenderedEmail } from './layout.tsx';

/** What a sign-in link email says: whose account, the link, and until when it works. */
export type SignInLinkEmailProps = {
  customerName: string;
  /** The portal's sign-in page with the link's token. */
  signInUrl: string;
  expiresAt: Date;
};

const subject = `Your sign-in link for ${business.name}`;

const clockTime = new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });

/**
 * The sign-in link email: the button and the address written out (for a reader with images or buttons off), how long
 * it works, that it works once, and what to do when it was not you. Never the password or other account details
 * beyond the first name.
 */
export function SignInLinkEmail({ customerName, signInUrl, expiresAt }: SignInLinkEmailProps) {
  const until = `${clockTime.format(expiresAt)} ET`;
  return (
    <EmailLayout subject={subject} preview={`Your link to sign in works once, for ${signInLink.linkValidMinutes} minutes.`}>
      <Heading as="h1" style={styles.heading}>
        Sign in to your account
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(customerName)}, here is the sign-in link you asked for. It signs you in to the customer portal without your password. It works once, for ${signInLink.linkValidMinutes} minutes (until ${until}).`}
      </Text>
      <ActionLink href={signInUrl} label="Sign in" />
      <Text style={styles.paragraph}>
        Did not ask for this? You can ignore this email: nobody can sign in without opening this link. If you keep getting these, call us at{' '}
        <Link href={`tel:${business.phoneTel}`} style={styles.link}>
          {business.phoneDisplay}
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}

export const renderSignInLinkEmail = (props: SignInLinkEmailProps): Promise<RenderedEmail> => renderEmail(subject, <SignInLinkEmail {...props} />);
