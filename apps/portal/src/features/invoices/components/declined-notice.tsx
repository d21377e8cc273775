import { Alert, Text } from '@mantine/core';

/** The provider's message for the last refused attempt, beside the card form until the next attempt; announced as an alert. */
export function DeclinedNotice({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={<Text component="span" fw={700} c="red.9">Payment Failed</Text>}>
      <Text size="sm" c="dark.9">
        {message} Please check the card details or use another card, then try again.
      </Text>
    </Alert>
  );
}
