import { Alert, Code, List, Text } from '@mantine/core';
import { demoTestCards } from '@repo/contracts';

export const demoModeTitle = 'Demo mode — no card is charged';

/**
 * The demo payment provider's notice above its card field (the public payment page and the portal's invoices): it
 * says plainly that no card is charged and which test cards pay or are declined.
 */
export function DemoCardsNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      title={
        <Text component="span" fw={700} c="dark.9">
          {demoModeTitle}
        </Text>
      }
    >
      <Text size="sm" c="dark.9">
        This site has no card processor set up, so payments are simulated. Use one of these test cards:
      </Text>
      <List size="sm" mt="xs" spacing={4} c="dark.9">
        <List.Item>
          <Code>{demoTestCards.succeeds}</Code> pays
        </List.Item>
        <List.Item>
          <Code>{demoTestCards.declined}</Code> is declined
        </List.Item>
      </List>
    </Alert>
  );
}
