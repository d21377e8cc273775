import type { ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router-dom';

export type AppAnchorProps = AnchorProps & {
  /** An in-app path (client-side navigation) or a full address of another app or site (normal navigation). */
  href: string;
  children: ReactNode;
};

const isFullAddress = (href: string) => /^(https?:|mailto:|tel:)/.test(href);

/** A link that navigates inside the app through the router and leaves it with a plain anchor. */
export function AppAnchor({ href, children, ...props }: AppAnchorProps) {
  if (isFullAddress(href)) {
    return (
      <Anchor href={href} {...props}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={href} {...props}>
      {children}
    </Anchor>
  );
}
