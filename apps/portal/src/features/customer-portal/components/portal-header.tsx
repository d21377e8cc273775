import { Button, Group, Text, Title } from '@mantine/core';
import { authMessages } from '@repo/contracts';
import { showToast } from '@repo/ui';
import { webPaths } from '../../../config/paths.ts';
import { fullRedirect } from '../../../lib/full-redirect.ts';
import { useHeadingFocusOnArrival } from '../../../lib/heading-focus.ts';
import { useLogOut } from '../api/logout.ts';

/**
 * Customer Portal label, the greeting and Sign out (the same words as the header's Sign out on every other page): the
 * session ends on the server, then the public home loads.
 */
export function PortalHeader({ firstName }: { firstName: string }) {
  const logOut = useLogOut();
  // Signing in lands here with the focus moved to the greeting, the page's heading.
  const heading = useHeadingFocusOnArrival<HTMLHeadingElement>();
  // Busy from the click until the page is left, so a second click cannot log out twice.
  const leaving = logOut.isPending || logOut.isSuccess;

  function handleSignOut() {
    logOut.mutate(undefined, {
      onSuccess: () => fullRedirect(webPaths.home),
      onError: () => showToast({ title: 'Sign Out Failed', description: authMessages.logoutFailed, variant: 'destructive' }),
    });
  }

  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <div>
        <Text size="sm" fw={700} c="brand.7" tt="uppercase">
          Customer Portal
        </Text>
        <Title order={1} ref={heading} tabIndex={-1}>
          {`Welcome, ${firstName}`}
        </Title>
      </div>
      <Button variant="default" onClick={handleSignOut} disabled={leaving}>
        {leaving ? 'Signing out...' : 'Sign out'}
      </Button>
    </Group>
  );
}
