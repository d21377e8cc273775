/** /admin-customer-management */
import { useBackOfficeUser } from '../../features/auth/api/back-office-session.ts';
import { CustomerManagementPage } from '../../features/customers/components/customer-management-page.tsx';

/** Staff and administrators share the page; only an administrator imports (the guard has just asked who is signed in). */
export function Component() {
  const { data: user } = useBackOfficeUser();
  return <CustomerManagementPage canImport={user?.role === 'admin'} />;
}
