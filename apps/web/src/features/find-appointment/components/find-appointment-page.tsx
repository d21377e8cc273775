import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { business, findAppointmentPath, findAppointmentRequestSchema, type FindAppointmentResponse } from '@repo/contracts';
import { apiJson, errorMessage, fieldErrorsOf, HeldHeight, useFieldErrors, useHydrated } from '@repo/ui';
import { useSeo } from '../../../lib/seo.ts';
import { paths, portalUrls } from '../../../config/paths.ts';

type Step = { name: 'asking'; failure?: string } | { name: 'sending' } | { name: 'sent'; message: string };

/**
 * /find-appointment: a visitor who lost the confirmation enters the email they booked with and gets their upcoming
 * appointments' links by email, without an account. The answer is the same whatever the address (see
 * `findAppointmentPath`). The email field is uncontrolled, so what was typed (or autofilled) before the page's scripts
 * started stays when they do; the button waits for them, so the form is never sent natively.
 */
export function FindAppointmentPage() {
  useSeo({
    title: 'Find My Appointment',
    description: `Lost your confirmation? Enter the email you booked with and ${business.name} will email you the links to your upcoming appointments.`,
    path: paths.findAppointment,
  });
  const hydrated = useHydrated();
  const errors = useFieldErrors<'email'>();
  const [step, setStep] = useState<Step>({ name: 'asking' });
  const emailInput = useRef<HTMLInputElement>(null);
  const result = useRef<HTMLDivElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = errors.check(findAppointmentRequestSchema, { email: emailInput.current?.value ?? '' });
    if (!checked) return;
    setStep({ name: 'sending' });
    try {
      const answer = await apiJson<FindAppointmentResponse>('POST', findAppointmentPath, checked);
      setStep({ name: 'sent', message: answer.message });
      // The answer replaces the form: focus moves to it for keyboard and screen-reader users.
      requestAnimationFrame(() => result.current?.focus());
    } catch (error) {
      const fields = fieldErrorsOf(error, ['email'] as const);
      if (fields.email) errors.show(fields);
      setStep({ name: 'asking', failure: fields.email ? undefined : errorMessage(error, 'We could not reach our booking service. Please check your connection and try again.') });
    }
  }

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Find My Appointment</Title>
          <Text c="dimmed">
            Lost your confirmation? Enter the email you booked with and we will email you a link to each of your upcoming appointments, where you can
            view, reschedule or cancel it and track your technician. No account needed.
          </Text>
        </Stack>
        <Card withBorder radius="md" shadow="sm" padding="lg">
          <HeldHeight hold={step.name === 'sent'}>
            {step.name === 'sent' ? (
              <Stack gap="sm" ref={result} tabIndex={-1} role="status" aria-labelledby="find-appointment-sent">
                <Title order={2} size="h3" id="find-appointment-sent">
                  Check your email
                </Title>
                <Text>{step.message}</Text>
                <Text size="sm" c="dimmed">
                  Nothing arrived? Make sure it is the address you booked with, or call us at <a href={`tel:${business.phoneTel}`}>{business.phoneDisplay}</a>.
                </Text>
                <div>
                  <Button variant="outline" onClick={() => setStep({ name: 'asking' })}>
                    Use another email
                  </Button>
                </div>
              </Stack>
            ) : (
              <form {...errors.scopeProps} noValidate onSubmit={(event) => void submit(event)} aria-label="Find my appointment">
                <Stack gap="md">
                  {step.name === 'asking' && step.failure ? (
                    <Alert color="red" variant="light" role="alert" title={<Text component="span" fw={700} c="red.9">We couldn&apos;t send your links</Text>}>
                      {step.failure}
                    </Alert>
                  ) : null}
                  <TextInput
                    ref={emailInput}
                    label="Email you booked with"
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    defaultValue=""
                    readOnly={step.name === 'sending'}
                    {...errors.inputProps('email')}
                    onChange={() => errors.clear('email')}
                  />
                  <div>
                    <Button type="submit" disabled={!hydrated} loading={step.name === 'sending'}>
                      Email My Appointment Links
                    </Button>
                  </div>
                  <Text size="sm" c="dimmed">
                    Have an account? <a href={portalUrls.login}>Log in</a> to see every appointment.
                  </Text>
                </Stack>
              </form>
            )}
          </HeldHeight>
        </Card>
      </Stack>
    </Container>
  );
}

