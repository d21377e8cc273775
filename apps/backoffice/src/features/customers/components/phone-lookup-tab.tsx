import { useState } from 'react';
import { Anchor, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { lookupCustomerPhoneRequestSchema, phoneRequiredMessage, tracking, type ExternalCustomer } from '@repo/contracts';
import { responsiveSpacing, showToast } from '@repo/ui';
import { Notice } from '../../../components/notice.tsx';
import { Facts } from '../../../components/facts.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDollars } from '../../../lib/format.ts';
import { bySchema, useForm, type Checked } from '../../../lib/use-form.ts';
import { useLookupCustomerPhone } from '../api/lookup-phone.ts';
import { CustomerMessages } from './customer-messages.tsx';

type Result = { found: ExternalCustomer; customerId: number | null } | { none: string };

const fullName = (customer: ExternalCustomer) => `${customer.firstName} ${customer.lastName}`.trim();
const services = (count: string) => `${count} ${count === '1' ? 'service' : 'services'}`;

/** "Phone Required: Please enter a phone number to search": the toast's title and description. */
const [requiredTitle, requiredDescription] = phoneRequiredMessage.split(': ');

/** Blank gets Phone Required (beside the field and as a toast); anything else the contract's rules. */
function checkPhone(values: Record<'phone', string>): Checked<'phone', { phone: string }> {
  if (!values.phone.trim()) {
    return { ok: false, errors: { phone: phoneRequiredMessage }, toast: { title: requiredTitle!, description: requiredDescription } };
  }
  return bySchema(lookupCustomerPhoneRequestSchema, values);
}

function addressLine(customer: ExternalCustomer): string | null {
  const place = [customer.city, [customer.state, customer.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const line = [customer.address, place].filter(Boolean).join(', ');
  return line || null;
}

function CustomerDetails({ customer, customerId }: { customer: ExternalCustomer; customerId: number | null }) {
  const history = customer.serviceHistory.slice(0, tracking.phoneLookupHistoryItems);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="lookup-customer-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="lookup-customer-heading">
          {fullName(customer)}
        </Title>
        {customerId !== null ? (
          <Anchor component={Link} to={paths.customerRecord(customerId)}>
            Open {fullName(customer)}'s customer record
          </Anchor>
        ) : null}
        <Facts
          items={[
            ['Phone', customer.phone],
            ['Email', customer.email ?? 'Not on record'],
            ['Address', addressLine(customer) ?? 'Not on record'],
            ['Total services', customer.totalServices],
            ['Total spent', formatDollars(customer.totalSpent)],
            ...(customer.lastServiceDate ? [['Last service', customer.lastServiceDate] as const] : []),
            ...(customer.preferredTechnician ? [['Preferred technician', customer.preferredTechnician] as const] : []),
            ...(customer.notes ? [['Notes', customer.notes] as const] : []),
          ]}
        />
        <Stack gap={4}>
          <Title order={3} size="h5">
            Service history
          </Title>
          {history.length === 0 ? (
            <Text size="sm">No service history on record.</Text>
          ) : (
            <>
              {customer.serviceHistory.length > history.length ? (
                <Text size="sm" c="dimmed">
                  The first {history.length} of {customer.serviceHistory.length}:
                </Text>
              ) : null}
              <List size="sm" spacing={4}>
                {history.map((entry, index) => (
                  <List.Item key={`${entry.date}-${index}`}>
                    {entry.service} · {entry.date} · {formatDollars(entry.cost)}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
        {customer.email ? <CustomerMessages email={customer.email} /> : null}
      </Stack>
    </Paper>
  );
}

/** Phone Lookup: finds a customer in the configured system by any common US phone format. */
export function PhoneLookupTab() {
  const form = useForm<'phone'>({ phone: '' });
  const lookup = useLookupCustomerPhone();
  const [result, setResult] = useState<Result | undefined>();

  // A new search, refused before it is sent (blank, not a phone number) or by the server, takes the last result away:
  // what stays on screen would otherwise read as the answer to the number now in the box.
  const check = (values: Record<'phone', string>) => {
    const checked = checkPhone(values);
    if (!checked.ok) setResult(undefined);
    return checked;
  };
  const send = async ({ phone }: { phone: string }) => {
    setResult(undefined);
    const { customer, customerId } = await lookup.mutateAsync(phone);
    if (customer) {
      setResult({ found: customer, customerId });
      showToast({ title: 'Customer Found', description: `${fullName(customer)}, ${services(customer.totalServices)}` });
    } else {
      setResult({ none: phone });
      showToast({ title: 'No Customer Found', description: `No customer found with phone number ${phone}` });
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="phone-lookup-heading">
        <form aria-labelledby="phone-lookup-heading" {...form.formProps(check, send, { title: 'Lookup Failed', fallback: 'Failed to lookup customer', fields: ['phone'] })}>
          <Stack gap="sm">
            <Title order={2} size="h4" id="phone-lookup-heading">
              Look up a customer by phone
            </Title>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Phone number"
                type="tel"
                autoComplete="off"
                placeholder="(904) 802-1998"
                description="Any US format: (904) 802-1998, 904.802.1998 or +1 904 802 1998"
                style={{ flex: '1 1 16rem' }}
                {...form.field('phone')}
              />
              <Button type="submit" loading={form.busy} {...responsiveSpacing({ mt: { base: 0, xs: 46 } })}>
                Look Up Customer
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <div aria-live="polite">
        {result && 'found' in result ? <CustomerDetails customer={result.found} customerId={result.customerId} /> : null}
        {result && 'none' in result ? (
          <Notice color="yellow" role="status" title="No Customer Found">
            No customer found with phone number {result.none}
          </Notice>
        ) : null}
      </div>
    </Stack>
  );
}
