import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Container, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useMatches } from 'react-router-dom';
import { business, legalPages } from '@repo/contracts';
import { AppAnchor } from './app-anchor.tsx';
import { postalAddressLine, readAppOrigins, readBusinessContact } from './app-origins.ts';
import { BrandMark, BrandNameLines } from './brand-mark.tsx';
import { CopyrightYear } from './copyright-year.tsx';
import { MainContent, SkipLink } from './landmarks.tsx';
import { signedInCustomerQuery, signOutCustomer } from './signed-in-customer.ts';
import { showToast } from './toast.ts';

const origins = readAppOrigins(import.meta.env);
const contact = readBusinessContact(import.meta.env);
const telHref = `tel:${business.phoneTel}`;

export type BrandedLayoutProps = {
  /** Where the business name links to. */
  homeHref: string;
  /** A short label after the name, e.g. "Back Office". */
  tag?: string;
  /** Links on the right of the header; without them, the phone and the signed-in customer's Sign out. */
  actions?: ReactNode;
  /** On a narrow screen the actions wrap under the business name instead of squeezing it (e.g. a navigation). */
  wrapActions?: boolean;
};

/** A route's `handle` saying its page has its own sign-out (the customer portal's Sign out): the header leaves its out. */
export const pageHasSignOut = { pageHasSignOut: true } as const;

/**
 * The portal's header actions: the business phone, and for a signed-in customer Sign out (the session ends on the
 * server, then the public site loads), so every page a customer is signed in on offers one, and only one.
 */
function CustomerActions() {
  // Reads what the page already asked (portal, tracking, appointment pages): the header adds no call of its own.
  const { data: signedIn } = useQuery({ ...signedInCustomerQuery(), enabled: false });
  const pageSignsOut = useMatches().some((match) => (match.handle as Partial<typeof pageHasSignOut> | undefined)?.pageHasSignOut);
  const customer = pageSignsOut ? null : signedIn;
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    setLeaving(true);
    try {
      await signOutCustomer();
    } catch {
      setLeaving(false);
      showToast({ title: 'Sign Out Failed', description: 'Could not sign you out. Please try again.', variant: 'destructive' });
      return;
    }
    window.location.assign(origins.webOrigin);
  }

  return (
    // Sign out comes first, so when it appears (the page has learnt who is signed in) nothing else moves.
    <Group gap="sm" wrap="nowrap">
      {customer ? (
        <Button variant="default" size="sm" onClick={() => void signOut()} disabled={leaving}>
          {leaving ? 'Signing out...' : 'Sign out'}
        </Button>
      ) : null}
      <Anchor href={telHref} fw={700} c="brand.9" underline="hover" visibleFrom="xs">
        {business.phoneDisplay}
      </Anchor>
    </Group>
  );
}

/** The public site's footer, plainer: the business, how to reach it, its privacy policy and SMS terms, and the way back to the public site. */
export function BrandFooter() {
  return (
    <footer className="brand-footer">
      <Container size="lg">
        <p className="brand-footer__name">
          <BrandMark size={28} />
          {business.name}
        </p>
        <p>
          <a href={telHref}>{business.phoneDisplay}</a> · <a href={`mailto:${contact.email}`}>{contact.email}</a> ·{' '}
          {postalAddressLine(contact)}
        </p>
        <p className="brand-footer__legal">
          © <CopyrightYear /> {business.name}. All rights reserved. · <a href={`${origins.webOrigin}${legalPages.privacy}`}>Privacy Policy</a> ·{' '}
          <a href={`${origins.webOrigin}${legalPages.smsTerms}`}>SMS Terms</a> · <a href={origins.webOrigin}>Main website</a>
        </p>
      </Container>
    </footer>
  );
}

/**
 * The public site's header (mark, name on two lines, colours) and footer around the route's page, in the main
 * landmark. For the portal and back office, so the three apps read as one company.
 */
export function BrandedLayout({ homeHref, tag, actions, wrapActions = false }: BrandedLayoutProps) {
  return (
    <div className="app-shell app-shell--branded">
      <SkipLink />
      <Box component="header" py="xs" className="app-header">
        <Container size="lg">
          <Group justify="space-between" wrap={wrapActions ? 'wrap' : 'nowrap'} gap={wrapActions ? 'xs' : 'sm'} mih={52}>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <AppAnchor href={homeHref} underline="never" className="brand-logo">
                <BrandMark size={36} />
                <span className="brand-logo__name">{business.name}</span>
                <BrandNameLines className="brand-logo__text" />
              </AppAnchor>
              {tag ? (
                <Badge variant="light" visibleFrom="xs">
                  {tag}
                </Badge>
              ) : null}
            </Group>
            {actions ?? <CustomerActions />}
          </Group>
        </Container>
      </Box>
      <MainContent>
        <Outlet />
      </MainContent>
      <BrandFooter />
    </div>
  );
}

