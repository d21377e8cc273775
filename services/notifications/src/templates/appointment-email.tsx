import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { booking, brandPalette, business, businessContact } from '@repo/contracts';
import type { AppointmentEmailKind } from '../domain/messages.ts';
import type { ReminderKind } from '../domain/reminders.ts';

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
};

type Wording = { subject: string; heading: string; intro: string; action: string };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

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

// The brand's blue (packages/ui's theme, from contracts) and text colours that keep 4.5:1 or more on white.
const blue = brandPalette[7];
const text = '#1f2937';
const muted = '#495057';
const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const styles = {
  body: { backgroundColor: brandPalette[0], color: text, fontFamily, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', border: `1px solid ${brandPalette[1]}`, borderRadius: 8, maxWidth: 560, margin: '0 auto' },
  banner: { backgroundColor: blue, borderRadius: '8px 8px 0 0', padding: '16px 24px' },
  brandName: { color: '#ffffff', fontSize: 18, fontWeight: 700, margin: 0 },
  content: { padding: '8px 24px 16px' },
  heading: { color: text, fontSize: 22, lineHeight: '28px', margin: '16px 0 8px' },
  paragraph: { color: text, fontSize: 16, lineHeight: '24px', margin: '8px 0' },
  details: { backgroundColor: brandPalette[0], borderRadius: 6, padding: '4px 16px', margin: '16px 0' },
  label: { color: muted, fontSize: 13, lineHeight: '18px', margin: '10px 0 0', textTransform: 'uppercase' as const, letterSpacing: '0.04em' },
  value: { color: text, fontSize: 16, lineHeight: '22px', margin: '2px 0 10px', fontWeight: 600 },
  button: { backgroundColor: blue, borderRadius: 6, color: '#ffffff', display: 'inline-block', fontSize: 16, fontWeight: 600, padding: '12px 20px', textDecoration: 'none' },
  link: { color: blue, textDecoration: 'underline' },
  small: { color: muted, fontSize: 14, lineHeight: '20px', margin: '8px 0' },
  footer: { color: muted, fontSize: 13, lineHeight: '18px', margin: '4px 0', padding: '0 24px' },
};

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{children}</Text>
    </>
  );
}

/**
 * The booking confirmation, the rescheduled and cancelled notices and the reminders: one layout, no images (nothing is lost with
 * images off, and nothing tracks the reader), every colour at 4.5:1 or more, the link written out as text too.
 */
export function AppointmentEmail(props: AppointmentEmailProps) {
  const words = wording(props);
  const { street, city, region, postalCode } = businessContact.address;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{words.subject}</title>
      </Head>
      <Preview>{`${words.heading}: ${props.window}`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.banner}>
            <Text style={styles.brandName}>{business.name}</Text>
          </Section>
          <Section style={styles.content}>
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
            <Button href={props.appointmentUrl} style={styles.button}>
              {words.action}
            </Button>
            <Text style={styles.small}>
              Or open this address in your browser:{' '}
              <Link href={props.appointmentUrl} style={styles.link}>
                {props.appointmentUrl}
              </Link>
            </Text>
            <Text style={styles.paragraph}>
              Questions or changes? Call us at{' '}
              <Link href={`tel:${business.phoneTel}`} style={styles.link}>
                {business.phoneDisplay}
              </Link>
              .
            </Text>
          </Section>
          <Hr style={{ borderColor: brandPalette[1], margin: '8px 0' }} />
          <Text style={styles.footer}>{business.name}</Text>
          <Text style={{ ...styles.footer, paddingBottom: 16 }}>{`${street}, ${city}, ${region} ${postalCode} · ${business.phoneDisplay}`}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export type RenderedEmail = { subject: string; html: string; text: string };

/** The email's subject, its HTML and its plain-text part (made from the same HTML, so the two always agree). */
export async function renderAppointmentEmail(props: AppointmentEmailProps): Promise<RenderedEmail> {
  const html = await render(<AppointmentEmail {...props} />);
  return { subject: wording(props).subject, html, text: toPlainText(html) };
}
