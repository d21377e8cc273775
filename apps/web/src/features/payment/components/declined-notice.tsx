import { Alert } from '@mantine/core';

/**
 * The provider's message for the last refused attempt, beside the card form until the next attempt (the toast goes
 * after 5 s; this stays). As an alert it is announced when it appears.
 */
export function DeclinedNotice({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" title="Payment Failed" role="alert">
      {message} Please check the card details or use another card, then try again.
    </Alert>
  );
}
