import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { Customer } from '@repo/contracts';
import { AppAnchor } from '@repo/ui';
import { Fact } from '../../../components/fact.tsx';
import { LoadingNote } from '../../../components/loading-note.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMonthYear } from '../../../lib/dates.ts';
import { PhoneProof } from './phone-proof.tsx';

/** Loaded when the customer opens it, so the portal's first load does not carry the form and its checks. */
const ChangePasswordForm = lazy(() => import('./change-password-form.tsx').then((module) => ({ default: module.ChangePasswordForm })));

/**
 * Account Info: who is signed in, since when, their last login, proving the phone by text, and the change-password form
 * behind a toggle.
 */
export function AccountInfo({ customer }: { customer: Customer }) {
  const [changingPassword, setChangingPassword] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = 'change-password-form';

  function passwordChanged() {
    setChangingPassword(false);
    // The form goes away with the focused button in it; focus returns to the control that opened it.
    toggle.current?.focus();
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-info-heading">
      <Title order={2} size="h3" id="account-info-heading">
        Account Info
      </Title>
      <Stack component="dl" gap="sm" mt="md" mb={0}>
        <Fact label="Name">{`${customer.firstName} ${customer.lastName}`}</Fact>
        <Fact label="Email">{customer.email}</Fact>
        <Fact label="Phone">{customer.phone}</Fact>
        {customer.address ? <Fact label="Address">{customer.address}</Fact> : null}
        <Fact label="Member since">{formatMonthYear(customer.createdAt)}</Fact>
        {customer.lastLogin ? <Fact label="Last login">{formatDate(customer.lastLogin)}</Fact> : null}
      </Stack>
      <PhoneProof customer={customer} />
      <Text size="sm" mt="md">
        <AppAnchor href={paths.messagePreferences} fw={600}>
          Choose the reminders and updates we send you
        </AppAnchor>
      </Text>
      <Button
        ref={toggle}
        variant="light"
        mt="lg"
        aria-expanded={changingPassword}
        aria-controls={formId}
        onClick={() => setChangingPassword((open) => !open)}
      >
        Change password
      </Button>
      <div id={formId}>
        {changingPassword ? (
          <Suspense fallback={<LoadingNote label="Loading the form..." />}>
            <ChangePasswordForm onDone={passwordChanged} />
          </Suspense>
        ) : null}
      </div>
    </Card>
  );
}
