import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { brandPalette, business, businessContact, passwordReset } from '@repo/contracts';

/** What a password reset email says: whose account, the link, and until when it works. */
export type PasswordResetEmailProps = {
  customerName: string;
  /** The portal's reset page with the link's token. */
  resetUrl: string;
  expiresAt: Date;
};

const subject = `Choose a new password for your ${business.name} account`;

// As the appointment emails: the brand's blue, text colours at 4.5:1 or more on white, no images.
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
  button: { backgroundColor: blue, borderRadius: 6, color: '#ffffff', display: 'inline-block', fontSize: 16, fontWeight: 600, padding: '12px 20px', textDecoration: 'none', margin: '8px 0' },
  link: { color: blue, textDecoration: 'underline', wordBreak: 'break-all' as const },
  small: { color: muted, fontSize: 14, lineHeight: '20px', margin: '8px 0' },
  footer: { color: muted, fontSize: 13, lineHeight: '18px', margin: '4px 0', padding: '0 24px' },
};

const clockTime = new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The reset link email: who asked and what the link does, the button and the address written out (for a reader with
 * images or buttons off), how long it works, and what to do when it was not you. Never the password or the email's
 * account details beyond the first name.
 */
export function PasswordResetEmail({ customerName, resetUrl, expiresAt }: PasswordResetEmailProps) {
  const until = `${clockTime.format(expiresAt)} ET`;
  const { street, city, region, postalCode } = businessContact.address;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{subject}</title>
      </Head>
      <Preview>{`Your link to choose a new password works for ${passwordReset.linkValidMinutes} minutes.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.banner}>
            <Text style={styles.brandName}>{business.name}</Text>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.heading}>
              Choose a new password
            </Heading>
            <Text style={styles.paragraph}>
              {`Hi ${firstName(customerName)}, we received a request to reset the password of your customer portal account. Use the link below to choose a new one. It works once, for ${passwordReset.linkValidMinutes} minutes (until ${until}), and signs you out on every device.`}
            </Text>
            <Button href={resetUrl} style={styles.button}>
              Choose a new password
            </Button>
            <Text style={styles.small}>
              Or open this address in your browser:{' '}
              <Link href={resetUrl} style={styles.link}>
                {resetUrl}
              </Link>
            </Text>
            <Text style={styles.paragraph}>
              Did not ask for this? You can ignore this email: your password stays as it is. If you keep getting these, call us at{' '}
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

/** The email's subject, its HTML and its plain-text part (made from the same HTML, so the two always agree). */
export async function renderPasswordResetEmail(props: PasswordResetEmailProps): Promise<{ subject: string; html: string; text: string }> {
  const html = await render(<PasswordResetEmail {...props} />);
  return { subject, html, text: toPlainText(html) };
}
