import { Anchor, Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { contactInfoSchema, smsConsentWording, states, type AppointmentRequest, type Customer } from '@repo/contracts';
import type { FieldErrorsState } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { formatLongDate, formatSlot } from '../lib/dates.ts';
import type { ServiceDetails } from './service-details-step.tsx';

export type ContactInfo = { customerName: string; phone: string; email: string; address: string; city: string; state: string; zipCode: string };
/** Contact details that passed the contract's check. */
export type CheckedContactInfo = Pick<AppointmentRequest, keyof ContactInfo>;
/** The step's fields: the contact details and the SMS consent. */
export type ContactField = keyof ContactInfo | 'smsConsent';

type Props = {
  contact: ContactInfo;
  /** Whether the visitor ticked the SMS consent; unticked until they do. */
  smsConsent: boolean;
  errors: FieldErrorsState<ContactField>;
  busy: boolean;
  date: string | null;
  timeSlot: string | null;
  details: ServiceDetails;
  /** The signed-in customer whose account filled in the empty fields, or null for a visitor. */
  account: Customer | null;
  onFieldChange: (name: keyof ContactInfo, value: string) => void;
  onSmsConsentChange: (agreed: boolean) => void;
  onBack: () => void;
  /** Book with details that pass the check; otherwise the fields show their messages. */
  onSubmit: (checked: CheckedContactInfo) => void;
};

/** A page the consent refers to, opened in a new tab so the booking in progress stays as it is. */
function ConsentLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit underline="always">
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

/** Step 3. It checks its own fields (this module loads with the step, and the contract's checks with it). */
export function ContactStep({ contact, smsConsent, errors, busy, date, timeSlot, details, account, onFieldChange, onSmsConsentChange, onBack, onSubmit }: Props) {
  const consentNoteId = useId();
  const consentErrorProps = errors.checkboxProps('smsConsent');
  const field = (name: keyof ContactInfo) => ({
    name,
    value: contact[name],
    ...errors.inputProps(name),
    disabled: busy,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onFieldChange(name, event.currentTarget.value),
  });
  return (
    <form
      {...errors.scopeProps}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = errors.check(contactInfoSchema, contact);
        if (checked) onSubmit(checked);
      }}
    >
      <Stack gap="md">
        {account ? (
          <Text size="sm" c="dimmed" data-testid="signed-in-as">
            Signed in as {account.firstName} {account.lastName} ({account.email}). We filled in what your account holds; change anything that
            differs for this visit.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="Full Name" autoComplete="name" required {...field('customerName')} />
          <TextInput label="Phone Number" type="tel" autoComplete="tel" required {...field('phone')} />
          <TextInput label="Email Address" type="email" autoComplete="email" required {...field('email')} />
        </SimpleGrid>
        {/* Booking stores these words (contracts' smsConsentWording) with the appointment when the box is ticked. */}
        <Checkbox
          name="smsConsent"
          label={smsConsentWording}
          checked={smsConsent}
          disabled={busy}
          onChange={(event) => onSmsConsentChange(event.currentTarget.checked)}
          description={
            <span id={consentNoteId}>
              Optional: the texts go to the phone number above. Read our <ConsentLink href={paths.smsTerms}>SMS terms</ConsentLink> and{' '}
              <ConsentLink href={paths.privacy}>privacy policy</ConsentLink>.
            </span>
          }
          {...consentErrorProps}
          aria-describedby={[consentNoteId, consentErrorProps['aria-describedby']].filter(Boolean).join(' ')}
        />
        <Title order={3} fz="lg">
          Service Address
        </Title>
        <TextInput label="Street Address" autoComplete="street-address" required {...field('address')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="City" autoComplete="address-level2" required {...field('city')} />
          <NativeSelect label="State" required data={states.map((s) => ({ value: s.value, label: s.label }))} {...field('state')} />
          <TextInput label="Zip Code" placeholder="e.g. 32084" autoComplete="postal-code" inputMode="numeric" required {...field('zipCode')} />
        </SimpleGrid>

        <Card withBorder radius="md" bg="gray.0" component="section" aria-labelledby="summary-heading">
          <Title order={3} fz="lg" id="summary-heading" mb="xs">
            Appointment Summary
          </Title>
          <Text>
            <strong>Date:</strong> {date ? formatLongDate(date) : 'Not chosen'}
          </Text>
          <Text>
            <strong>Time:</strong> {timeSlot ? formatSlot(timeSlot) : 'Not chosen'}
          </Text>
          <Text>
            <strong>Service:</strong> {details.serviceType} - {details.appliance}
          </Text>
          <Text>
            <strong>Brand:</strong> {details.brand}
          </Text>
        </Card>

        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={busy}>
            Back
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Booking...' : 'Book Appointment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
