import { Button, Group, Text, Title } from '@mantine/core';
import { authMessages } from '@repo/contracts';
import { showToast } from '@repo/ui';
import { webPaths } from '../../../config/paths.ts';
import { fullRedirect } from '../../../lib/full-redirect.ts';
import { useLogOut } from '../api/logout.ts';

/** Customer Portal label, the greeting and Logout: the session ends on the server, then the public home loads. */
export function PortalHeader({ firstName }: { firstName: string }) {
  const logOut = useLogOut();
  // Busy from the click until the page is left, so a second click cannot log out twice.
  const leaving = logOut.isPending || logOut.isSuccess;

  function handleLogout() {
    logOut.mutate(undefined, {
      onSuccess: () => fullRedirect(webPaths.home),
      onError: () => showToast({ title: 'Logout Failed', description: authMessages.logoutFailed, variant: 'destructive' }),
    });
  }

  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <div>
        <Text size="sm" fw={700} c="brand.7" tt="uppercase">
          Customer Portal
        </Text>
        <Title order={1}>{`Welcome, ${firstName}`}</Title>
      </div>
      <Button variant="default" onClick={handleLogout} disabled={leaving}>
        {leaving ? 'Logging out...' : 'Logout'}
      </Button>
    </Group>
  );
}
