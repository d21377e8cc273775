import type { ReactNode } from 'react';
import { Anchor, Container, Paper, Stack, Text } from '@mantine/core';
import { AppAnchor } from '@repo/ui';
import { PageIntro } from '../../../components/page-intro.tsx';
import { env } from '../../../config/env.ts';
import { webPaths } from '../../../config/paths.ts';

export type AuthFrameProps = {
  /** The column's width in pixels. */
  width: number;
  title: string;
  intro: string;
  /** The way to the other form: "Already have an account?" and its link. */
  other: { question: string; href: string; label: string };
  /** The form. */
  children: ReactNode;
};

/**
 * The login and registration pages around their forms: heading and intro, the form's card, what happens to the details
 * given (the privacy policy and SMS terms), and the ways elsewhere (a visitor who booked without an account finds their
 * appointment by email on the public site).
 */
export function AuthFrame({ width, title, intro, other, children }: AuthFrameProps) {
  return (
    <Container size={width} className="frame-block">
      <Stack gap="lg">
        <PageIntro title={title}>{intro}</PageIntro>
        <Paper withBorder shadow="sm" className="panel-padding" radius="md">
          {children}
        </Paper>
        <Text size="sm" ta="center">
          How we use and keep your details: our <Anchor href={webPaths.privacy}>Privacy Policy</Anchor> and{' '}
          <Anchor href={webPaths.smsTerms}>SMS Terms</Anchor>.
        </Text>
        <Stack gap="xs" align="center">
          <Text size="sm">
            {other.question}{' '}
            <AppAnchor href={other.href} fw={600}>
              {other.label}
            </AppAnchor>
          </Text>
          <Text size="sm">
            Booked without an account? <Anchor href={webPaths.findAppointment}>Find your appointment</Anchor>
          </Text>
          <Anchor href={env.webOrigin} size="sm">
            Back to home
          </Anchor>
        </Stack>
      </Stack>
    </Container>
  );
}
