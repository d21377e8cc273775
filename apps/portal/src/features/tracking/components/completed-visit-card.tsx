import { Button, Group, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { business, businessContact, type TechnicianView, type TrackingRecord } from '@repo/contracts';
import { appointmentDetailsQuery } from '@repo/ui/api';
import { Columns } from '@repo/ui';
import { Fact } from '../../../components/fact.tsx';
import { webPaths } from '../../../config/paths.ts';
import { linkScopeOf } from '../../../lib/appointment-access.ts';
import { formatDayTime } from '../../../lib/dates.ts';
import { completedAt } from '../lib/timeline.ts';
import { StatusCard } from './status-card.tsx';

type Props = { record: TrackingRecord; technician: UseQueryResult<TechnicianView>; accessToken: string | undefined };

/**
 * Once the visit is complete there is nothing to track: what was done, when and by whom, and what comes next (paying
 * the balance, booking again, a review). Pay balance fills in the appointment's confirmation code as the payment's
 * reference when the visitor may read the appointment (its owner or a manage link); a track link only opens the
 * payment page, where the reference is typed in.
 */
export function CompletedVisitCard({ record, technician, accessToken }: Props) {
  const appointmentId = Number(record.appointmentId);
  const mayReadAppointment = accessToken === undefined || linkScopeOf(accessToken) !== 'track';
  const details = useQuery({ ...appointmentDetailsQuery(appointmentId, accessToken), enabled: mayReadAppointment });
  const code = details.data?.appointment.confirmationCode;
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
        <Button component="a" href={code ? webPaths.paymentFor(code) : webPaths.payment} variant="filled">
          Pay balance
        </Button>
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
