import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { appointmentPageMessages, trackingAppointmentIdSchema, trackingMessages } from '@repo/contracts';
import { AppAnchor, ErrorState, LoadingState, useDocumentTitle, useHydrated, useSignedInCustomer } from '@repo/ui';
import { Notice } from '../../../components/notice.tsx';
import { paths, webPaths } from '../../../config/paths.ts';
import { useAppointments } from '../../../lib/api/appointments.ts';
import { refusedStatus, useAppointmentAccess, useForgetRefusedAccess } from '../../../lib/appointment-access.ts';
import { reloadPage } from '../../../lib/full-redirect.ts';
import { nextActiveAppointment } from '../../../lib/next-appointment.ts';
import { useLiveTracking } from '../api/live.ts';
import { useTechnician, useTracking } from '../api/tracking.ts';
import { TrackingView } from './tracking-view.tsx';

const loading = <LoadingState title="Loading Tracking Information" />;

/** The error state when the record cannot be loaded; Try Again loads the page again. */
const loadFailed = (
  <ErrorState title="Unable to Load Tracking" description="We're having trouble accessing your tracking information right now." onRetry={reloadPage} />
);

const logInPrompt = (
  <Notice title="Please log in" message="Log in to track your technician, or open the tracking link we sent you." href={paths.login} linkLabel="Log in" />
);

const notFound = <Notice title="Tracking not found" message={trackingMessages.notFound} href={paths.customerPortal} linkLabel="Go to your portal" />;

function AppointmentTracking({ appointmentId }: { appointmentId: number }) {
  const accessToken = useAppointmentAccess(appointmentId);
  const record = useTracking(appointmentId, accessToken);
  const technician = useTechnician(record.data, appointmentId, accessToken);
  const live = useLiveTracking(appointmentId, accessToken, record.data);
  const [refreshing, setRefreshing] = useState(false);
  // An expired or forged link is not worth sending again.
  useForgetRefusedAccess(appointmentId, accessToken, record.error, [401]);
  const refused = refusedStatus(record.error);

  // Once shown, the visit stays on screen even if a later refresh fails.
  if (record.data) {
    const refresh = () => {
      setRefreshing(true);
      void Promise.all([record.refetch(), technician.isError ? technician.refetch() : undefined]).finally(() => setRefreshing(false));
    };
    return (
      <TrackingView record={record.data} technician={technician} accessToken={accessToken} live={live} refreshing={refreshing} onRefresh={refresh} />
    );
  }
  if (record.isPending) return loading;
  if (refused === 404) return notFound;
  if (refused === 401) {
    return accessToken ? <Notice title="Link expired" message={appointmentPageMessages.linkExpired} href={paths.login} linkLabel="Log in" /> : logInPrompt;
  }
  return loadFailed;
}

/** A signed-in customer without an appointment in the address: their next visit with a technician, or why there is none. */
function NextVisit() {
  const appointments = useAppointments();
  if (appointments.isPending) return loading;
  if (appointments.isError) return loadFailed;
  const next = nextActiveAppointment(appointments.data.filter((appointment) => appointment.technicianId));
  if (next) return <Navigate to={paths.technicianTracking(next.id)} replace />;
  return (
    <Notice
      title="No technician on the way"
      message="None of your upcoming appointments has a technician assigned yet. Tracking opens here once one is on the way."
      href={paths.customerPortal}
      linkLabel="Go to your portal"
    >
      <AppAnchor href={webPaths.bookAppointment} fw={600}>
        Book service
      </AppAnchor>
    </Notice>
  );
}

function FindNextVisit() {
  const session = useSignedInCustomer();
  if (session.isPending) return loading;
  if (session.isError) return loadFailed;
  return session.data ? <NextVisit /> : logInPrompt;
}

/**
 * /technician-tracking?appointment=<id>, for the appointment's owner or the holder of its link
 * (`#access=<token>`); without an appointment, the signed-in customer's next visit. The HTML is prerendered as the
 * loading state: the address's query is only read once the page is hydrated.
 */
export function TrackingPage() {
  useDocumentTitle('Technician Tracking');
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  if (!hydrated) return loading;
  const appointment = params.get('appointment');
  if (appointment === null) return <FindNextVisit />;
  // The server's own rule for ids, so an address it would refuse is the not-found card here without asking.
  const parsed = trackingAppointmentIdSchema.safeParse(appointment);
  if (!parsed.success) return notFound;
  return <AppointmentTracking key={parsed.data} appointmentId={parsed.data} />;
}
