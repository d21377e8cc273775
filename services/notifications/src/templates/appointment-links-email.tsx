import { Heading, Section, Text } from '@react-email/components';
import { business } from '@repo/contracts';
import { ActionLink } from './action-link.tsx';
import { CallUs, Detail, EmailLayout, firstName, renderEmail, styles, type RenderedEmail } from './layout.tsx';

/** One upcoming appointment of the "find my appointment" email. */
export type ListedAppointment = {
  /** "Tue, Dec 1, 8:00–10:00 AM ET" (`arrivalWindowText`). */
  window: string;
  appliance: string;
  brand: string;
  serviceType: string;
  confirmationCode: string;
  /** The appointment page, opened with its manage link. */
  appointmentUrl: string;
};

export type AppointmentLinksEmailProps = { customerName: string; appointments: ListedAppointment[] };

const subjectOf = ({ appointments }: AppointmentLinksEmailProps) =>
  appointments.length === 1 ? `Your upcoming appointment: ${appointments[0]!.window}` : `Your ${appointments.length} upcoming appointments`;

/**
 * The answer to "find my appointment": each upcoming appointment booked with this address, with the link that opens its
 * page (view, reschedule, cancel, add to calendar, track), written out as text too.
 */
export function AppointmentLinksEmail(props: AppointmentLinksEmailProps) {
  return (
    <EmailLayout subject={subjectOf(props)} preview={`The links to your ${business.name} appointments`}>
      <Heading as="h1" style={styles.heading}>
        {props.appointments.length === 1 ? 'Your upcoming appointment' : 'Your upcoming appointments'}
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(props.customerName)}, someone (we hope you) asked for the links to the appointments booked with this email address. Each link opens the appointment's page, where you can view, reschedule or cancel it, add it to your calendar and track the technician.`}
      </Text>
      {props.appointments.map((appointment) => (
        <Section key={appointment.confirmationCode} style={styles.details}>
          <Detail label="Arrival window">{appointment.window}</Detail>
          <Detail label="Appliance">{`${appointment.brand} ${appointment.appliance} (${appointment.serviceType.toLowerCase()})`}</Detail>
          <Detail label="Confirmation code">{appointment.confirmationCode}</Detail>
          <ActionLink href={appointment.appointmentUrl} label="Open this appointment" />
        </Section>
      ))}
      <Text style={styles.small}>If you did not ask for this email, you can ignore it: nothing has changed.</Text>
      <CallUs />
    </EmailLayout>
  );
}

export const renderAppointmentLinksEmail = (props: AppointmentLinksEmailProps): Promise<RenderedEmail> =>
  renderEmail(subjectOf(props), <AppointmentLinksEmail {...props} />);
