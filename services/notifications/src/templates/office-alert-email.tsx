import { Heading, Section, Text } from '@react-email/components';
import { Detail, EmailLayout, renderEmail, styles, type RenderedEmail } from './layout.tsx';

/** A short alert to the office: what happened, and the facts it needs to act, each a label and its text. */
export type OfficeAlertEmailProps = { subject: string; heading: string; details: [label: string, value: string][] };

export function OfficeAlertEmail({ subject, heading, details }: OfficeAlertEmailProps) {
  return (
    <EmailLayout subject={subject} preview={heading}>
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      <Section style={styles.details}>
        {details.map(([label, value]) => (
          <Detail key={label} label={label}>
            {value}
          </Detail>
        ))}
      </Section>
      <Text style={styles.small}>An alert for the office (NOTIFICATIONS_OFFICE_EMAIL); customers never get it.</Text>
    </EmailLayout>
  );
}

export const renderOfficeAlertEmail = (props: OfficeAlertEmailProps): Promise<RenderedEmail> => renderEmail(props.subject, <OfficeAlertEmail {...props} />);
