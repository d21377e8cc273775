import { passwordResetMessages, passwordResetRequestSchema } from '@repo/contracts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { EmailLinkRequest } from './email-link-request.tsx';

/** Forgot Password (/forgot-password): the email of the account, for a link to choose a new password. */
export function ForgotPasswordPage() {
  return (
    <EmailLinkRequest
      title="Forgot Password"
      intro="Enter the email of your account and we will send you a link to choose a new password."
      formLabel="Ask for a reset link"
      submitLabel="Send Reset Link"
      failureTitle="Reset Link Not Sent"
      schema={passwordResetRequestSchema}
      requestedMessage={passwordResetMessages.requested}
      request={useRequestPasswordReset()}
    />
  );
}
