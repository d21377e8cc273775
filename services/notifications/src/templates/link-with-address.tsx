import { Button, Link, Text } from '@react-email/components';
import { styles } from './layout.tsx';

/** The first name of a full name, for the greeting. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** A link as a button, and its address written out beneath for a reader with buttons off. */
export function LinkWithAddress({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Button href={href} style={{ ...styles.button, margin: '8px 0' }}>
        {label}
      </Button>
      <Text style={styles.small}>
        Or open this address in your browser:{' '}
        <Link href={href} style={{ ...styles.link, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </>
  );
}
