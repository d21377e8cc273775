import { ApiRequestError, errorMessage } from './api-client.ts';
import type { Credentials } from './credentials-form.tsx';
import { fieldErrorsOf, type FieldErrors } from './form-errors.tsx';
import { showToast } from './toast.ts';

export type SignInOptions = {
  /**
   * The login call; answers the session token, or null when the answer carried none. The token is not kept: the
   * httpOnly session cookie the answer set is the session.
   */
  signIn: (credentials: Credentials) => Promise<string | null>;
  failureTitle: string;
  /** Shown when the server refused without a message of its own, or answered without a token. */
  rejectedMessage: string;
  /** Shown when no answer came at all (network down, say). */
  unreachableMessage: string;
  onSignedIn: () => void;
};

const credentialFields = ['email', 'password'] as const;

/**
 * The sign-in flow both login pages share: call, hand over to `onSignedIn`; on failure
 * a destructive toast. Answers the server's field messages for the form to show under its fields. A success answer
 * without a token counts as a refusal, as the request conventions say.
 */
export async function submitSignIn(
  credentials: Credentials,
  { signIn, failureTitle, rejectedMessage, unreachableMessage, onSignedIn }: SignInOptions,
): Promise<FieldErrors<keyof Credentials> | undefined> {
  let token: string | null;
  try {
    token = await signIn(credentials);
  } catch (error) {
    const refused = error instanceof ApiRequestError;
    showToast({
      title: failureTitle,
      description: refused ? errorMessage(error, rejectedMessage) : unreachableMessage,
      variant: 'destructive',
    });
    return refused ? fieldErrorsOf(error, credentialFields) : undefined;
  }
  if (!token) {
    showToast({ title: failureTitle, description: rejectedMessage, variant: 'destructive' });
    return undefined;
  }
  onSignedIn();
  return undefined;
}
