import { Button, NativeSelect, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { createStaffAccountSchema, staffAccountRoles, type CreateStaffAccount } from '@repo/contracts';
import { Columns, showToast } from '@repo/ui';
import { bySchema, useForm } from '../../../lib/use-form.ts';
import { useCreateStaffAccount } from '../api/staff-accounts.ts';
import { roleLabels } from './role-labels.ts';

type Fields = 'name' | 'email' | 'role' | 'password';
const blank: Record<Fields, string> = { name: '', email: '', role: 'staff', password: '' };

/** Add staff: a sign-in for a dispatcher (staff) or another administrator; the messages sit beside their fields. */
export function AddStaffForm() {
  const form = useForm<Fields>(blank);
  const create = useCreateStaffAccount();
  const check = (values: Record<Fields, string>) => bySchema<Fields, CreateStaffAccount>(createStaffAccountSchema, values);
  const send = async (account: CreateStaffAccount) => {
    const created = await create.mutateAsync(account);
    showToast({ title: 'Staff Account Created', description: `${created.name} can now sign in to the back office with ${created.email}.` });
    form.reset();
  };
  const failure = { title: 'Add Staff Failed', fallback: 'Failed to add the staff account', fields: ['name', 'email', 'role', 'password'] as const, statusFields: { 409: 'email' as const } };

  return (
    <form aria-labelledby="add-staff-heading" {...form.formProps(check, send, failure)}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="add-staff-heading">
          Add staff
        </Title>
        <Columns cols={{ base: 1, sm: 2 }} spacing="sm" style={{ alignItems: 'end' }}>
          <TextInput label="Name" autoComplete="off" {...form.field('name')} />
          <TextInput label="Email" type="email" autoComplete="off" {...form.field('email')} />
          <NativeSelect label="Role" data={staffAccountRoles.map((role) => ({ value: role, label: roleLabels[role] }))} {...form.field('role')} />
          <PasswordInput label="Password" description="At least 12 characters; give it to them in person" autoComplete="new-password" {...form.field('password')} />
        </Columns>
        <div>
          <Button type="submit" loading={form.busy}>
            Add Staff
          </Button>
        </div>
      </Stack>
    </form>
  );
}
