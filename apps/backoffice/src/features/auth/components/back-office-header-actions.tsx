import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { authMessages } from '@repo/contracts';
import { showToast } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { useBackOfficeUser } from '../api/back-office-session.ts';
import { useLogOutOfBackOffice } from '../api/logout.ts';
import { adminRoles, staffRoles, technicianRoles, type BackOfficeRole } from '../admin-session.ts';

type NavItem = { label: string; to: string; roles: readonly BackOfficeRole[] };
const navItems: readonly NavItem[] = [
  { label: 'Customers', to: paths.customerManagement, roles: staffRoles },
  { label: 'Technicians', to: paths.technicianManagement, roles: staffRoles },
  { label: 'Tracking', to: paths.adminTracking, roles: staffRoles },
  { label: 'Dispatch Board', to: paths.dispatchBoard, roles: staffRoles },
  { label: 'Closures', to: paths.closures, roles: staffRoles },
  { label: 'Invoices', to: paths.invoices, roles: staffRoles },
  { label: 'Price Book', to: paths.priceBook, roles: staffRoles },
  { label: 'Payments', to: paths.adminPayments, roles: adminRoles },
  { label: 'Numbers', to: paths.numbers, roles: adminRoles },
  { label: 'Deliveries', to: paths.adminDeliveries, roles: staffRoles },
  { label: 'Notifications', to: paths.adminNotifications, roles: staffRoles },
  { label: 'Staff', to: paths.adminStaff, roles: adminRoles },
  { label: 'API Reference', to: paths.apiReference, roles: staffRoles },
  { label: 'My jobs', to: paths.myJobs, roles: technicianRoles },
];

/**
 * The header's right side. Signed in: the pages of the person's role (the current one marked for screen readers with
 * aria-current and for the eye with weight and underline), their name, and Sign out; on a phone the links wrap onto
 * lines of their own under the business name. Signed out: the public website.
 */
export function BackOfficeHeaderActions({ publicSiteHref }: { publicSiteHref: string }) {
  const { data: user } = useBackOfficeUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogOutOfBackOffice();

  if (!user) {
    return (
      <Anchor href={publicSiteHref} size="sm" fw={600}>
        Public website
      </Anchor>
    );
  }

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.adminLogin, { replace: true }),
      onError: () => showToast({ title: 'Sign Out Failed', description: authMessages.logoutFailed, variant: 'destructive' }),
    });

  return (
    // Sign out stays beside the links (which wrap among themselves on a phone), so the header keeps to a few lines.
    <Group gap="md" wrap="nowrap" align="center" justify="flex-end">
      <Box component="nav" aria-label="Back office" style={{ flex: '1 1 auto', minWidth: 0 }}>
        <Group component="ul" gap="md" wrap="wrap" m={0} p={0} style={{ listStyle: 'none', rowGap: 0 }}>
          {navItems.filter(({ roles }) => roles.includes(user.role)).map(({ label, to }) => {
            const current = pathname === to;
            return (
              <li key={to}>
                <Anchor
                  component={Link}
                  to={to}
                  size="sm"
                  fw={current ? 800 : 500}
                  c={current ? 'brand.8' : undefined}
                  underline={current ? 'always' : 'hover'}
                  aria-current={current ? 'page' : undefined}
                  // 28 px tall: a comfortable target for a finger where the links wrap.
                  display="inline-block"
                  py={4}
                >
                  {label}
                </Anchor>
              </li>
            );
          })}
        </Group>
      </Box>
      <Text size="sm" c="dimmed" visibleFrom="sm" truncate maw={180}>
        {user.name}
      </Text>
      <Button variant="default" size="compact-sm" onClick={signOut} loading={logout.isPending} style={{ flexShrink: 0 }}>
        Sign out
      </Button>
    </Group>
  );
}
