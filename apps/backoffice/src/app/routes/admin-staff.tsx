/** /admin-staff (administrators) */
import { useBackOfficeUser } from '../../features/auth/api/back-office-session.ts';
import { StaffPage } from '../../features/staff/components/staff-page.tsx';

/** The list marks the administrator's own account: a new password for it signs them out too. */
export function Component() {
  const { data: user } = useBackOfficeUser();
  return <StaffPage currentUserId={user?.id} />;
}
