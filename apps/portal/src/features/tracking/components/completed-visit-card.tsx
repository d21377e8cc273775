import { Button, Group, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { business, businessContact, formatCents, type InvoiceSummary, type TechnicianView, type TrackingRecord } from '@repo/contracts';
import { appointmentDetailsQuery } from '@repo/ui/api';
import { Columns } from '@repo/ui';
import { Fact } from '../../../components/fact.tsx';
import { paths, webPaths } from '../../../config/paths.ts';
import { linkScopeOf } from '../../../lib/appointment-access.ts';
import { formatDayTime } from '../../../lib/dates.ts';
import { useVisitInvoice } from '../api/tracking.ts';
import { completedAt } from '../lib/timeline.ts';
import { StatusCard } from './status-card.tsx';

type Props = { record: TrackingRecord; technician: UseQueryResult<TechnicianView>; accessToken: string | undefined };

/**
 * Once the visit is complete there is nothing to track: what was done, when and by whom, and what comes next (paying
 * the balance, booking again, a review).
 *
 * Signed in, the visit's invoice decides the first link: Pay balance (with the amount) opens the invoice in the
 * portal while something is owed, View receipt once it is paid, and there is none while no invoice was sent (nothing
 * is owed yet) or it was voided. With an appointment link (no account), or when the invoice cannot be read, Pay
 * balance opens the public payment page, with the appointment's confirmation code as the reference when the visitor
 * may read the appointment (a manage link); a track link's visitor types the reference in.
 */
export function CompletedVisitCard({ record, technician, accessToken }: Props) {
  const appointmentId = Number(record.appointmentId);
  const mayReadAppointment = accessToken === undefined || linkScopeOf(accessToken) !== 'track';
  const details = useQuery({ ...appointmentDetailsQuery(appointmentId, accessToken), enabled: mayReadAppointment });
  const code = details.data?.appointment.confirmationCode;
  const signedIn = accessToken === undefined;
  const invoice = useVisitInvoice(appointmentId, { enabled: signedIn });
  const technicianName = technician.data?.name ?? (technician.isPending ? 'Loading...' : 'Your technician');
  return (
    <StatusCard title="Visit Summary" headingId="visit-summary-heading" status={record.status}>
      <Columns component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" mt="md" mb={0}>
        <Fact label="Service">{record.service.serviceType}</Fact>
        <Fact label="Appliance">{record.service.appliance}</Fact>
        <Fact label="Brand">{record.service.brand}</Fact>
        <Fact label="Completed">{formatDayTime(completedAt(record))}</Fact>
        <Fact label="Technician">{technicianName}</Fact>
      </Columns>
      <Text size="sm" mt="md">
        Thank you for choosing {business.name}.
      </Text>
      <Group gap="sm" mt="md">
        <PayLink invoice={signedIn ? invoice : undefined} publicHref={code ? webPaths.paymentFor(code) : webPaths.payment} />
        <Button component="a" href={webPaths.bookAppointment} variant="light">
          Book again
        </Button>
        <Button component="a" href={businessContact.leaveReviewUrl} variant="light">
          Leave a review
        </Button>
      </Group>
    </StatusCard>
  );
}

/** The visit's payment link (see CompletedVisitCard): the invoice's when it is known, else the public payment page. */
function PayLink({ invoice, publicHref }: { invoice: UseQueryResult<InvoiceSummary | null> | undefined; publicHref: string }) {
  if (invoice?.isPending) return null;
  if (invoice?.isSuccess) {
    const found = invoice.data;
    if (!found || found.status === 'void') return null;
    return (
      <Button component="a" href={paths.invoice(found.id)} variant="filled">
        {found.balanceCents > 0 ? `Pay balance (${formatCents(found.balanceCents)})` : 'View receipt'}
      </Button>
    );
  }
  return (
    <Button component="a" href={publicHref} variant="filled">
      Pay balance
    </Button>
  );
}
