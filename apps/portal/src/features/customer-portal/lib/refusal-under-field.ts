import { authMessages } from '@repo/contracts';
import { ApiRequestError, errorMessage, fieldErrorsOf, type FieldErrors } from '@repo/ui';
import { unreachableMessage } from '../../../lib/emailed-link.ts';
import { isSignedOutError } from '../../../lib/session.ts';

/**
 * Where an Account Info form shows why a change was refused: the server's messages under the fields they name; an ended
 * session (the portal then turns into the log-in prompt, through `recheckSession`), a throttle, or an unreachable
 * server under `fallback`, so every refusal sits beside the form's fields and none only in a toast.
 */
export function refusalUnderField<F extends string>(error: unknown, fields: readonly F[], fallback: F, recheckSession: () => void): FieldErrors<F> {
  const under = (message: string) => ({ [fallback]: message }) as FieldErrors<F>;
  if (!(error instanceof ApiRequestError)) return under(unreachableMessage);
  const named = fieldErrorsOf(error, fields);
  if (Object.keys(named).length > 0) return named;
  if (isSignedOutError(error)) {
    recheckSession();
    return under(authMessages.sessionEnded);
  }
  return under(errorMessage(error, unreachableMessage));
}
