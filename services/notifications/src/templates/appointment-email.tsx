import { Heading, Section, Text } from '@react-email/components';
import { booking, business } from '@repo/contracts';
import type { AppointmentEmailKind } from '../domain/messages.ts';
import type { ReminderKind } from '../domain/reminders.ts';
import { ActionLink } from './action-link.tsx';
import { CallUs, Detail, EmailLayout, firstName, renderEmail, styles, type RenderedEmail, type UnsubscribeFooter } from './layout.tsx';

/** What an appointment email says: the visit, and the link to its page. */
export type AppointmentEmailProps = {
  kind: AppointmentEmailKind | ReminderKind;
  /** A reminder's word for the visit's day, seen from the day it goes out (`dayWord`); none says the date alone. */
  day?: 'today' | 'tomorrow' | undefined;
  customerName: string;
  /** "Tue, Dec 1, 8:00–10:00 AM ET" (`arrivalWindowText`). */
  window: string;
  appliance: string;
  brand: string;
  serviceType: string;
  address: string;
  confirmationCode: string;
  /** The appointment page, opened with the appointment's manage link. */
  appointmentUrl: string;
  /** A reminder's way to turn reminders off. */
  unsubscribe?: UnsubscribeFooter | undefined;
};

type Wording = { subject: string; heading: string; intro: string; action: string };


function wording({ kind, day, customerName, window }: AppointmentEmailProps): Wording {
  const hello = `Hi ${firstName(customerName)},`;
  const when = day ? `${day}, ${window}` : `on ${window}`;
  switch (kind) {
    case 'reminder-day-before':
    case 'reminder-hours-before':
      return {
        subject: `Reminder: your appliance repair is ${when}`,
        heading: `Your appliance repair is ${day ?? 'coming up'}`,
        intro: `${hello} this is a reminder that our technician will arrive within the window below. If the time no longer suits you, call us and we will find another.`,
        action: 'View your appointment',
      };
    case 'booking-confirmation':
      return {
        subject: `Your appointment is booked: ${window}`,
        heading: 'Your appointment is booked',
        intro: `${hello} thank you for choosing ${business.name}. Our technician will arrive within the window below, and we will call within ${booking.confirmationCallHours} hours to confirm.`,
        action: 'View or change your appointment',
      };
    case 'rescheduled':
      return {
        subject: `Your appointment has a new time: ${window}`,
        heading: 'Your appointment has a new time',
        intro: `${hello} your appointment has moved. Our technician will now arrive within the window below, and we will call to confirm the new time.`,
        action: 'View or change your appointment',
      };
    case 'cancelled':
      return {
        subject: `Your appointment is cancelled: ${window}`,
        heading: 'Your appointment is cancelled',
        intro: `${hello} your appointment below is cancelled and no technician will come. If this is a mistake, or you would like another time, call us and we will find one.`,
        action: 'View your appointment',
      };
  }
}

/**
 * The booking confirmation, the rescheduled and cancelled notices and the reminders, the link written out as text too.
 */
export function AppointmentEmail(props: AppointmentEmailProps) {
  const words = wording(props);
  return (
    <EmailLayout subject={words.subject} preview={`${words.heading}: ${props.window}`} unsubscribe={props.unsubscribe}>
      <Heading as="h1" style={styles.heading}>
        {words.heading}
      </Heading>
      <Text style={styles.paragraph}>{words.intro}</Text>
      <Section style={styles.details}>
        <Detail label="Arrival window">{props.window}</Detail>
        <Detail label="Appliance">{`${props.brand} ${props.appliance} (${props.serviceType.toLowerCase()})`}</Detail>
        <Detail label="Address">{props.address}</Detail>
        <Detail label="Confirmation code">{props.confirmationCode}</Detail>
      </Section>
      <ActionLink href={props.appointmentUrl} label={words.action} />
      <CallUs />
    </EmailLayout>
  );
}

export const renderAppointmentEmail = (props: AppointmentEmailProps): Promise<RenderedEmail> =>
  renderEmail(wording(props).subject, <AppointmentEmail {...props} />);
