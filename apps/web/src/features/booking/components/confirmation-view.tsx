import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { business, type Appointment } from '@repo/contracts';
import { errorMessage, LoadingState } from '@repo/ui';
import { useAppointmentDetails } from '@repo/ui/api';
import { paths, portalUrls } from '../../../config/paths.ts';
import { Confirmation } from './confirmation.tsx';

type Props = {
  id: number;
  /** The manage token kept for this tab (or given in the fragment); null when this tab never booked it. */
  token: string | null;
  /** The appointment just booked in this tab, shown without asking the server again. */
  booked: { appointment: Appointment; manageToken: string } | null;
  headingRef: Ref<HTMLHeadingElement>;
};

/** Why the confirmation cannot be shown, and what the visitor can do instead. */
function Unavailable({ message }: { message: string }) {
  return (
    <Stack gap="sm" align="center" ta="center" role="alert">
      <Title order={2} fz="xl">
        We cannot show this confirmation
      </Title>
      <Text>{message}</Text>
      <Text>
        Your appointment is kept all the same: open it with the manage link, <Anchor href={portalUrls.login}>log in to your account</Anchor>, or
        call us at <Anchor href={`tel:${business.phoneTel}`}>{business.phoneDisplay}</Anchor>.
      </Text>
      <Group justify="center">
        <Button component={Link} to={paths.bookAppointment}>
          Book another appointment
        </Button>
      </Group>
    </Stack>
  );
}

function FetchedConfirmation({ id, token, headingRef }: { id: number; token: string; headingRef: Ref<HTMLHeadingElement> }) {
  const details = useAppointmentDetails(id, token);
  if (details.isPending) return <LoadingState title="Loading your confirmation..." />;
  if (details.isError) return <Unavailable message={errorMessage(details.error, 'Please check your connection and reload the page.')} />;
  return <Confirmation appointment={details.data.appointment} manageToken={details.data.manageToken ?? token} headingRef={headingRef} />;
}

/** The confirmation at its own address: the booking just made, or the appointment read again with its manage token. */
export function ConfirmationView({ id, token, booked, headingRef }: Props) {
  if (booked) return <Confirmation appointment={booked.appointment} manageToken={booked.manageToken} headingRef={headingRef} />;
  if (!token) return <Unavailable message="This address shows a confirmation only in the browser tab that booked the appointment." />;
  return <FetchedConfirmation id={id} token={token} headingRef={headingRef} />;
}
