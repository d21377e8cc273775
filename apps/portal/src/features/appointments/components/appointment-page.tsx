import { useParams } from 'react-router-dom';
import { appointmentPageMessages, appointmentPathParamsSchema } from '@repo/contracts';
import { ErrorState, errorMessage, LoadingState, NotFoundPage, useDocumentTitle } from '@repo/ui';
import { useAppointmentDetails } from '@repo/ui/api';
import { Notice } from '../../../components/notice.tsx';
import { paths, withAccess } from '../../../config/paths.ts';
import { refusedStatus, useAppointmentAccess, useForgetRefusedAccess } from '../../../lib/appointment-access.ts';
import { AppointmentView } from './appointment-view.tsx';

function Appointment({ id }: { id: number }) {
  useDocumentTitle(`Appointment #${id}`);
  const accessToken = useAppointmentAccess(id);
  const details = useAppointmentDetails(id, accessToken);
  const refused = refusedStatus(details.error);
  // An expired link, or a track link that is no manage link: neither is worth sending again here.
  useForgetRefusedAccess(id, accessToken, details.error, [401, 403]);

  // Once shown, the appointment stays on screen even if a later re-read fails.
  if (details.data) return <AppointmentView details={details.data} accessToken={accessToken} />;
  if (details.isPending) return <LoadingState title="Loading your appointment..." />;
  if (refused === 404) {
    return <Notice title="Appointment not found" message={appointmentPageMessages.notFound} href={paths.customerPortal} linkLabel="Go to your portal" />;
  }
  if (refused === 403 && accessToken) {
    // A track link opened here: it is good for the tracking page only, which is where it leads.
    return (
      <Notice
        title="Tracking link"
        message={errorMessage(details.error, appointmentPageMessages.trackOnly)}
        href={withAccess(paths.technicianTracking(id), accessToken)}
        linkLabel="Open the tracking page"
      />
    );
  }
  if (refused === 401) {
    return accessToken ? (
      <Notice title="Link expired" message={appointmentPageMessages.linkExpired} href={paths.login} linkLabel="Log in" />
    ) : (
      <Notice title="Please log in" message="Log in to see and change your appointment." href={paths.login} linkLabel="Log in" />
    );
  }
  return (
    <ErrorState
      title="We couldn't load this appointment"
      description={errorMessage(details.error, 'Please check your connection and try again.')}
      onRetry={() => void details.refetch()}
    />
  );
}

/** /appointments/:id for its owner or a manage link's holder; any other id is the 404 card. */
export function AppointmentPage() {
  const { id: idParam = '' } = useParams();
  // The server's own rule for ids, so an address it would refuse is the 404 card here without asking.
  const parsed = appointmentPathParamsSchema.safeParse({ id: idParam });
  const id = parsed.success ? parsed.data.id : undefined;
  if (id === undefined) return <NotFoundPage homeHref={paths.customerPortal} homeLabel="Go to your portal" />;
  return <Appointment key={id} id={id} />;
}
