import { useRef, useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Customer } from '@repo/contracts';
import { AppAnchor, lazyPart } from '@repo/ui';
import { Fact } from '../../../components/fact.tsx';
import { LoadingNote } from '../../../components/loading-note.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMonthYear } from '../../../lib/dates.ts';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePhoneForm } from './change-phone-form.tsx';
import { PhoneProof } from './phone-proof.tsx';

/** Loaded when the customer opens it, so the portal's first load does not carry the form and its checks. */
const ChangePasswordForm = lazyPart(() => import('./change-password-form.tsx').then((module) => ({ default: module.ChangePasswordForm })), {
  fallback: <LoadingNote label="Loading the form..." />,
  failed: 'The form could not be loaded.',
});

/**
 * Account Info: who is signed in, since when, their last login, proving the phone by text, and the change-email,
 * change-phone and change-password forms behind toggles.
 */
export function AccountInfo({ customer }: { customer: Customer }) {
  const [changingPassword, setChangingPassword] = useState(false);
  const [changingPhone, setChangingPhone] = useState(false);
  const [changingEmail, setChangingEmail] = useState(false);
  // What asking for the email change answered (where the link went), until the customer opens the form again.
  const [emailNote, setEmailNote] = useState<string | null>(null);
  // What saving the phone answered; a note asking to prove a new number goes once it is proven.
  const [phoneNote, setPhoneNote] = useState<{ text: string; untilProven: boolean } | null>(null);
  const shownPhoneNote = phoneNote && !(phoneNote.untilProven && customer.phoneVerified) ? phoneNote.text : null;
  const toggle = useRef<HTMLButtonElement>(null);
  const phoneToggle = useRef<HTMLButtonElement>(null);
  const emailToggle = useRef<HTMLButtonElement>(null);
  const formId = 'change-password-form';
  const phoneFormId = 'change-phone-form';
  const emailFormId = 'change-email-form';

  // Each form goes away with the focused button in it; focus returns to the control that opened it.
  function passwordChanged() {
    setChangingPassword(false);
    toggle.current?.focus();
  }

  function closePhoneForm(note: { text: string; untilProven: boolean } | null) {
    setChangingPhone(false);
    setPhoneNote(note);
    phoneToggle.current?.focus();
  }

  function closeEmailForm(note: string | null) {
    setChangingEmail(false);
    setEmailNote(note);
    emailToggle.current?.focus();
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
      <Group gap="sm" mt="lg">
        <Button
          ref={emailToggle}
          variant="light"
          aria-expanded={changingEmail}
          aria-controls={emailFormId}
          onClick={() => {
            setEmailNote(null);
            setChangingEmail((open) => !open);
          }}
        >
          Change email
        </Button>
        <Button
          ref={phoneToggle}
          variant="light"
          aria-expanded={changingPhone}
          aria-controls={phoneFormId}
          onClick={() => {
            setPhoneNote(null);
            setChangingPhone((open) => !open);
          }}
        >
          Change phone number
        </Button>
        <Button ref={toggle} variant="light" aria-expanded={changingPassword} aria-controls={formId} onClick={() => setChangingPassword((open) => !open)}>
          Change password
        </Button>
      </Group>
      <div id={emailFormId}>
        {changingEmail ? <ChangeEmailForm onSent={closeEmailForm} onCancel={() => closeEmailForm(null)} /> : null}
        {emailNote ? (
          <Text size="sm" mt="sm" role="status">
            {emailNote}
          </Text>
        ) : null}
      </div>
      <div id={phoneFormId}>
        {changingPhone ? (
          <ChangePhoneForm current={customer.phone} onDone={(answer) => closePhoneForm({ text: answer.message, untilProven: !answer.customer.phoneVerified })} onCancel={() => closePhoneForm(null)} />
        ) : null}
        {shownPhoneNote ? (
          <Text size="sm" mt="sm" role="status">
            {shownPhoneNote}
          </Text>
        ) : null}
      </div>
      <div id={formId}>
        {changingPassword ? (
          <ChangePasswordForm onDone={passwordChanged} />
        ) : null}
      </div>
    </Card>
  );
}
