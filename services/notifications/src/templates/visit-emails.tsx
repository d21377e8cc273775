import { Heading, Link, Section, Text } from '@react-email/components';
import { business } from '@repo/contracts';
import { ActionLink } from './action-link.tsx';
import { CallUs, Detail, EmailLayout, firstName, renderEmail, styles, type RenderedEmail, type UnsubscribeFooter } from './layout.tsx';


/** The technician as the customer's emails name them: first name and initials only. */
export type ShownTechnician = { firstName: string; initials: string };

/** The technician on the way: who, the facts given, the visit's code, the link to follow them and the note on sharing it. */
function OnTheWay({ technician, facts, confirmationCode, trackUrl }: { technician: ShownTechnician; facts: [string, string][]; confirmationCode: string; trackUrl: string }) {
  return (
    <>
      <Section style={styles.details}>
        <Detail label="Technician">{`${technician.firstName} (${technician.initials})`}</Detail>
        {facts.map(([label, value]) => (
          <Detail key={label} label={label}>
            {value}
          </Detail>
        ))}
        <Detail label="Confirmation code">{confirmationCode}</Detail>
      </Section>
      <ActionLink href={trackUrl} label={`Track ${technician.firstName}`} />
      <Text style={styles.small}>{shareNote}</Text>
    </>
  );
}

export type OnMyWayEmailProps = {
  customerName: string;
  technician: ShownTechnician;
  /** "9:20 AM ET". */
  setOffAt: string;
  /** "9:26 AM ET": live (from the technician's position), or the window's start when there is no live estimate. */
  expectedAt: string;
  /** Driving minutes when known (live). */
  etaMinutes: number | null;
  confirmationCode: string;
  /** The portal's tracking page, opened with the appointment's track link. */
  trackUrl: string;
  unsubscribe?: UnsubscribeFooter | undefined;
};

const shareNote = 'The link opens only the tracking page, so you can share it with whoever will let the technician in.';

export function OnMyWayEmail(props: OnMyWayEmailProps) {
  const { technician } = props;
  const subject = `${technician.firstName} is on the way`;
  const expected = props.etaMinutes === null
    ? `${props.expectedAt} (the start of your arrival window)`
    : `about ${props.expectedAt} (${props.etaMinutes} ${props.etaMinutes === 1 ? 'minute' : 'minutes'} away when ${technician.firstName} set off)`;
  return (
    <EmailLayout subject={subject} preview={`Expected ${expected}. Follow the way on the map.`} unsubscribe={props.unsubscribe}>
      <Heading as="h1" style={styles.heading}>
        {subject}
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(props.customerName)}, ${technician.firstName}, your technician from ${business.name}, set off for your appointment at ${props.setOffAt}. Follow the way on the map until ${technician.firstName} arrives.`}
      </Text>
      <OnTheWay technician={technician} facts={[['Expected arrival', expected]]} confirmationCode={props.confirmationCode} trackUrl={props.trackUrl} />
      <CallUs />
    </EmailLayout>
  );
}

export const renderOnMyWayEmail = (props: OnMyWayEmailProps): Promise<RenderedEmail> =>
  renderEmail(`${props.technician.firstName} is on the way`, <OnMyWayEmail {...props} />);

export type RunningLateEmailProps = {
  customerName: string;
  technician: ShownTechnician;
  /** "Tue, Dec 1, 8:00–10:00 AM ET" (`arrivalWindowText`): the window the technician will miss. */
  window: string;
  /** "10:11 AM ET": the new live estimate. */
  expectedAt: string;
  /** Driving minutes from the technician's position when the estimate was made. */
  etaMinutes: number;
  /** "9:55 AM ET": when it was made. */
  estimatedAt: string;
  confirmationCode: string;
  trackUrl: string;
  unsubscribe?: UnsubscribeFooter | undefined;
};

export function RunningLateEmail(props: RunningLateEmailProps) {
  const { technician } = props;
  const subject = `${technician.firstName} is running late`;
  const expected = `about ${props.expectedAt} (${props.etaMinutes} ${props.etaMinutes === 1 ? 'minute' : 'minutes'} away at ${props.estimatedAt})`;
  return (
    <EmailLayout subject={subject} preview={`Now expected ${expected}, after your arrival window. Follow the way on the map.`} unsubscribe={props.unsubscribe}>
      <Heading as="h1" style={styles.heading}>
        {subject}
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(props.customerName)}, ${technician.firstName}, your technician from ${business.name}, is on the way but will reach you after your arrival window, ${props.window}. We are sorry for the wait. Follow the way on the map until ${technician.firstName} arrives.`}
      </Text>
      <OnTheWay technician={technician} facts={[['Arrival window', props.window], ['Expected arrival', expected]]} confirmationCode={props.confirmationCode} trackUrl={props.trackUrl} />
      <CallUs />
    </EmailLayout>
  );
}

export const renderRunningLateEmail = (props: RunningLateEmailProps): Promise<RenderedEmail> =>
  renderEmail(`${props.technician.firstName} is running late`, <RunningLateEmail {...props} />);

export type ArrivedEmailProps = {
  customerName: string;
  technician: ShownTechnician;
  /** "9:27 AM ET". */
  arrivedAt: string;
  confirmationCode: string;
  trackUrl: string;
  unsubscribe?: UnsubscribeFooter | undefined;
};

export function ArrivedEmail(props: ArrivedEmailProps) {
  const subject = `${props.technician.firstName} has arrived`;
  return (
    <EmailLayout subject={subject} preview={`Your technician arrived at ${props.arrivedAt}.`} unsubscribe={props.unsubscribe}>
      <Heading as="h1" style={styles.heading}>
        {subject}
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(props.customerName)}, ${props.technician.firstName} (${props.technician.initials}), your technician, arrived for your appointment ${props.confirmationCode} at ${props.arrivedAt}.`}
      </Text>
      <ActionLink href={props.trackUrl} label="Follow your visit" />
      <CallUs />
    </EmailLayout>
  );
}

export const renderArrivedEmail = (props: ArrivedEmailProps): Promise<RenderedEmail> =>
  renderEmail(`${props.technician.firstName} has arrived`, <ArrivedEmail {...props} />);

export type JobCompletedEmailProps = {
  customerName: string;
  /** "Sub-Zero Refrigerator". */
  appliance: string;
  confirmationCode: string;
  /** The public site's payment page with the confirmation code as its reference. */
  payUrl: string;
  /** The business's page for writing a review. */
  reviewUrl: string;
  unsubscribe?: UnsubscribeFooter | undefined;
};

const completedSubject = 'Thank you: your appliance repair is complete';

export function JobCompletedEmail(props: JobCompletedEmailProps) {
  return (
    <EmailLayout subject={completedSubject} preview={`Your ${props.appliance} visit is complete. Pay online or leave us a review.`} unsubscribe={props.unsubscribe}>
      <Heading as="h1" style={styles.heading}>
        Your visit is complete
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(props.customerName)}, thank you for choosing ${business.name}. Our technician has finished the visit for your ${props.appliance}.`}
      </Text>
      <Heading as="h2" style={{ ...styles.heading, fontSize: 18 }}>
        Pay your bill
      </Heading>
      <Text style={styles.paragraph}>
        {`If you have a balance for this visit, you can pay it online: the link fills in your confirmation code, ${props.confirmationCode}, so we match your payment to the visit. Already paid? There is nothing more to do.`}
      </Text>
      <ActionLink href={props.payUrl} label="Pay your bill" />
      <Heading as="h2" style={{ ...styles.heading, fontSize: 18 }}>
        How did we do?
      </Heading>
      <Text style={styles.paragraph}>
        A short review helps neighbours find a repair they can trust, and tells us what to keep doing.{' '}
        <Link href={props.reviewUrl} style={styles.link}>
          Leave a review
        </Link>
        .
      </Text>
      <CallUs />
    </EmailLayout>
  );
}

export const renderJobCompletedEmail = (props: JobCompletedEmailProps): Promise<RenderedEmail> =>
  renderEmail(completedSubject, <JobCompletedEmail {...props} />);

export type PartArrivedEmailProps = {
  customerName: string;
  /** "Bosch Dishwasher". */
  appliance: string;
  confirmationCode: string;
  /** The phone the office will call, as the customer gave it. */
  phone: string;
};

const partArrivedSubject = 'Your part has arrived';

/** The part a visit waited for is in: the office calls to book the return visit (always sent: a change to the visit). */
export function PartArrivedEmail(props: PartArrivedEmailProps) {
  return (
    <EmailLayout subject={partArrivedSubject} preview={`The part for your ${props.appliance} is in. We will call you to book the return visit.`}>
      <Heading as="h1" style={styles.heading}>
        Your part is here
      </Heading>
      <Text style={styles.paragraph}>
        {`Hi ${firstName(props.customerName)}, good news: the part your ${props.appliance} was waiting for (appointment ${props.confirmationCode}) has arrived.`}
      </Text>
      <Text style={styles.paragraph}>
        {`We will call you at ${props.phone} to book the return visit at a time that suits you. If you would rather not wait for our call, call us and we will book it with you.`}
      </Text>
      <CallUs />
    </EmailLayout>
  );
}

export const renderPartArrivedEmail = (props: PartArrivedEmailProps): Promise<RenderedEmail> =>
  renderEmail(partArrivedSubject, <PartArrivedEmail {...props} />);
