import { Button, Link, Text } from '@react-email/components';
import { styles } from './layout.tsx';

/** A button to `href`, and the address written out beneath it for a reader whose client shows no buttons. */
export function ActionLink({ href, label }: { href: string; label: string }) {
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
