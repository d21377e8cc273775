import { signInLinkMessages, signInLinkRequestSchema } from '@repo/contracts';
import { useRequestSignInLink } from '../api/sign-in-link.ts';
import { EmailLinkRequest } from './email-link-request.tsx';

/** Email Me a Sign-In Link (/email-sign-in): the email of the account, for a link that signs in without the password. */
export function EmailSignInPage() {
  return (
    <EmailLinkRequest
      title="Sign In by Email"
      intro="Enter the email of your account and we will send you a link that signs you in, no password needed."
      formLabel="Ask for a sign-in link"
      submitLabel="Email Me a Sign-In Link"
      failureTitle="Sign-In Link Not Sent"
      schema={signInLinkRequestSchema}
      requestedMessage={signInLinkMessages.requested}
      request={useRequestSignInLink()}
    />
  );
}
