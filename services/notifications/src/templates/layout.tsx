import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { ReactElement, ReactNode } from 'react';
import { brandPalette, business, businessContact } from '@repo/contracts';

// The brand's blue (packages/ui's theme, from contracts) and text colours that keep 4.5:1 or more on white.
const blue = brandPalette[7];
const text = '#1f2937';
const muted = '#495057';
const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const styles = {
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

/** The first name of a full name, for the greeting. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function Detail({ label, children }: { label: string; children: string }) {
  return (
    <>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{children}</Text>
    </>
  );
}

/**
 * Every email's frame: the brand's banner, the content, and the business's name, address and phone at the foot. No
 * images (nothing is lost with images off, and nothing tracks the reader); every colour at 4.5:1 or more.
 */
/** An optional email's way out: what it is ("appointment reminders") and the customer's preferences page for it. */
export type UnsubscribeFooter = { what: string; url: string };

export function EmailLayout({ subject, preview, unsubscribe, children }: { subject: string; preview: string; unsubscribe?: UnsubscribeFooter | undefined; children: ReactNode }) {
  const { street, city, region, postalCode } = businessContact.address;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{subject}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.banner}>
            <Text style={styles.brandName}>{business.name}</Text>
          </Section>
          <Section style={styles.content}>{children}</Section>
          <Hr style={{ borderColor: brandPalette[1], margin: '8px 0' }} />
          <Text style={styles.footer}>{business.name}</Text>
          <Text style={{ ...styles.footer, paddingBottom: unsubscribe ? 0 : 16 }}>{`${street}, ${city}, ${region} ${postalCode} · ${business.phoneDisplay}`}</Text>
          {unsubscribe ? (
            <Text style={{ ...styles.footer, paddingBottom: 16 }}>
              {`Don’t want ${unsubscribe.what} by email? `}
              {/* No full stop after the link: in the plain-text part it would follow the address and be taken for part of it. */}
              <Link href={unsubscribe.url} style={{ ...styles.link, color: muted }}>
                Unsubscribe or choose what we send
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export type RenderedEmail = { subject: string; html: string; text: string };

/** The email's subject, its HTML and its plain-text part (made from the same HTML, so the two always agree). */
export async function renderEmail(subject: string, email: ReactElement): Promise<RenderedEmail> {
  const html = await render(email);
  return { subject, html, text: toPlainText(html) };
}

/** "Questions or changes? Call us at …", the phone a link. */
export function CallUs() {
  return (
    <Text style={styles.paragraph}>
      Questions or changes? Call us at{' '}
      <Link href={`tel:${business.phoneTel}`} style={styles.link}>
        {business.phoneDisplay}
      </Link>
      .
    </Text>
  );
}
