import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { createTechnicianAccountSchema, technicianAccountPasswordSchema, type CreateTechnicianAccount, type Technician, type TechnicianAccount } from '@repo/contracts';
import { showToast } from '@repo/ui';
import { useCreateTechnicianAccount, useSetTechnicianPassword } from '../api/technician-accounts.ts';
import { bySchema, useForm } from '../../../lib/use-form.ts';

type SignInFields = 'email' | 'password';

function CreateSignIn({ technician }: { technician: Technician }) {
  const form = useForm<SignInFields>({ email: '', password: '' });
  const create = useCreateTechnicianAccount();
  const check = (values: Record<SignInFields, string>) =>
    bySchema<SignInFields, CreateTechnicianAccount>(createTechnicianAccountSchema, { technicianId: technician.id, name: technician.name, ...values });
  const send = async (data: CreateTechnicianAccount) => {
    await create.mutateAsync(data);
    showToast({ title: 'Sign-in Created', description: `${technician.name} can now sign in with ${data.email}.` });
  };
  const failure = { title: 'Sign-in Failed', fallback: 'Failed to create the sign-in', fields: ['email', 'password'] as const };

  return (
    <form aria-label={`Give ${technician.name} a sign-in`} {...form.formProps(check, send, failure)}>
      <Stack gap="sm">
        <Text size="sm">No sign-in yet. Give one so they can see their jobs and share their location from a phone.</Text>
        <TextInput label="Sign-in email" type="email" autoComplete="off" {...form.field('email')} />
        <PasswordInput label="Password" description="At least 12 characters" autoComplete="new-password" {...form.field('password')} />
        <Button type="submit" variant="light" loading={form.busy}>
          Give Sign-in
        </Button>
      </Stack>
    </form>
  );
}

function ChangePassword({ technician, account }: { technician: Technician; account: TechnicianAccount }) {
  const form = useForm<'password'>({ password: '' });
  const setPassword = useSetTechnicianPassword();

  const check = (values: Record<'password', string>) => bySchema<'password', { password: string }>(technicianAccountPasswordSchema, values);
  const send = async ({ password }: { password: string }) => {
    await setPassword.mutateAsync({ technicianId: technician.id, password });
    showToast({ title: 'Password Updated', description: `${technician.name}'s new password works now; their other sessions have ended.` });
    form.reset();
  };
  const failure = { title: 'Password Update Failed', fallback: 'Failed to set the password', fields: ['password'] as const };

  return (
    <form aria-label={`Set a new password for ${technician.name}`} {...form.formProps(check, send, failure)}>
      <Stack gap="sm">
        <Text size="sm">Has sign-in: {account.email}</Text>
        <PasswordInput label="New password" description="At least 12 characters" autoComplete="new-password" {...form.field('password')} />
        <Button type="submit" variant="light" loading={form.busy}>
          Set New Password
        </Button>
      </Stack>
    </form>
  );
}

export type SignInState = { state: 'loading' } | { state: 'unavailable' } | { state: 'ready'; account: TechnicianAccount | undefined };

/** The card's phone-view sign-in: who has one, a new one, or a new password. */
export function TechnicianSignIn({ technician, signIn }: { technician: Technician; signIn: SignInState }) {
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        Phone Sign-in
      </Title>
      {signIn.state === 'loading' ? (
        <Text size="sm" role="status">
          Loading sign-ins...
        </Text>
      ) : signIn.state === 'unavailable' ? (
        <Text size="sm">Sign-ins could not be loaded right now.</Text>
      ) : signIn.account ? (
        <ChangePassword technician={technician} account={signIn.account} />
      ) : (
        <CreateSignIn technician={technician} />
      )}
    </Stack>
  );
}
