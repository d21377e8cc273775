import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { staffAccountPasswordSchema, type StaffAccount } from '@repo/contracts';
import { showToast } from '@repo/ui';
import { bySchema, useForm } from '../../../lib/use-form.ts';
import { useSetStaffPassword } from '../api/staff-accounts.ts';

function SetPasswordForm({ account, own, onDone }: { account: StaffAccount; own: boolean; onDone: () => void }) {
  const form = useForm<'password'>({ password: '' });
  const setPassword = useSetStaffPassword();
  const check = (values: Record<'password', string>) => bySchema<'password', { password: string }>(staffAccountPasswordSchema, values);
  const send = async ({ password }: { password: string }) => {
    await setPassword.mutateAsync({ id: account.id, password });
    showToast({ title: 'Password Updated', description: `${account.name}'s sessions have ended; they sign in with the new password.` });
    onDone();
  };
  const failure = { title: 'Password Update Failed', fallback: 'Failed to set the password', fields: ['password'] as const };
  return (
    <form {...form.formProps(check, send, failure)}>
      <Stack gap="md">
        <Text size="sm">
          A new password ends every session of {account.name} ({account.email}): they are signed out on every device and sign in again with the new
          password.
          {own ? ' This is your own account, so you will be signed out too.' : ''}
        </Text>
        <PasswordInput label="New password" description="At least 12 characters" autoComplete="new-password" data-autofocus {...form.field('password')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={form.busy}>
            Cancel
          </Button>
          <Button type="submit" loading={form.busy}>
            Set Password and End Sessions
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A row's Set new password: a dialog that says what it does (the account's sessions end) before it does it. */
export function SetPassword({ account, own }: { account: StaffAccount; own: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size="compact-sm" onClick={() => setOpen(true)} aria-label={`Set new password for ${account.name}`}>
        Set new password
      </Button>
      {/* Built from Modal's parts: its ready-made header is a <header>, which screen readers would list as a second banner. */}
      <Modal.Root opened={open} onClose={() => setOpen(false)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Stack gap="md" p="lg">
            <Modal.Title fw={700} fz="lg">
              New password for {account.name}
            </Modal.Title>
            {open ? <SetPasswordForm account={account} own={own} onDone={() => setOpen(false)} /> : null}
          </Stack>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
