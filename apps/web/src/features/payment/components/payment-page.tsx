import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { business, payment, type CreatePaymentIntentResponse } from '@repo/contracts';
import { errorMessage, fieldErrorsOf, LoadingState, newIdempotencyKey, showToast, useDocumentTitle } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { useAfterHydration } from '../../../lib/after-hydration.ts';
import { useCreatePaymentIntent } from '../api/create-payment-intent.ts';
import { AmountForm, type DetailsErrors } from './amount-form.tsx';
import { formatUsd } from '../lib/money.ts';
import { hasLinkedDetails, loadDetailsChecks, sameDetails, type PaymentDetails } from '../lib/details.ts';
import { stripePublishableKey } from '../lib/stripe-config.ts';

/**
 * The card form's code is fetched when the payer proceeds, while the payment is set up (Stripe's only with a Stripe
 * key), and the card step is a transition: "Setting up payment" stays on screen until the form can show.
 */
const loadDemoCardForm = () => import('./demo-card-form.tsx');
const loadStripeCardForm = () => import('./stripe-card-form.tsx');
const DemoCardForm = lazy(() => loadDemoCardForm().then(({ DemoCardForm: Form }) => ({ default: Form })));
const StripeCardForm = lazy(() => loadStripeCardForm().then(({ StripeCardForm: Form }) => ({ default: Form })));

const description =
  'Pay your St Augustine Appliance Repair bill online: enter the amount on your invoice or estimate and pay securely by card.';

type Step =
  | { name: 'details'; failure?: string; fieldErrors?: DetailsErrors }
  | { name: 'setting-up' }
  | { name: 'card'; intent: CreatePaymentIntentResponse };

/** "/payment-success?payment_intent=…", the address Stripe's redirect would bring the payer to. */
const successAddress = (paymentIntentId: string) => `${paths.paymentSuccess}?payment_intent=${encodeURIComponent(paymentIntentId)}`;

const detailFields = ['amount', 'description', 'payerEmail', 'reference'] as const;
const defaultDetails: PaymentDetails = { amount: payment.defaultAmount, description: payment.defaultDescription, payerEmail: '', reference: '' };

function failureToast(message: string) {
  showToast({ title: 'Payment Failed', description: message, variant: 'destructive' });
}

/**
 * Service Payment: A the amount and description, B "Setting up payment" while the intent is made, C the card form
 * (Stripe's Payment Element, or the labelled demo form when the service runs without Stripe). A link may fill in the
 * amount and description (`?amount=189.50&description=…`); the payer can still change both.
 */
export function PaymentPage() {
  useDocumentTitle('Service Payment', description);
  const navigate = useNavigate();
  const createIntent = useCreatePaymentIntent();
  const hydrated = useAfterHydration();
  const [search] = useSearchParams();
  const searchText = search.toString();
  // The link's values, which the prerendered page (the same for every address) cannot know: read once hydrated, with
  // the form's own checks (loaded then). Until they are there the form stays disabled, so nothing typed is replaced.
  const [linked, setLinked] = useState<{ search: string; details: PaymentDetails } | null>(null);
  const linksDetails = hasLinkedDetails(search);
  useEffect(() => {
    if (!hydrated || !linksDetails) return;
    let current = true;
    const apply = (details: PaymentDetails) => current && startTransition(() => setLinked({ search: searchText, details }));
    loadDetailsChecks().then(
      ({ paymentDetailsFromSearch }) => apply(paymentDetailsFromSearch(new URLSearchParams(searchText), defaultDetails)),
      // Without the checks (the connection dropped) the link's values cannot be checked: the form starts from the defaults.
      () => apply(defaultDetails),
    );
    return () => {
      current = false;
    };
  }, [hydrated, linksDetails, searchText]);
  const linkedDetails = linked?.search === searchText ? linked.details : null;
  const formReady = hydrated && (!linksDetails || linkedDetails !== null);
  // What the payer last proceeded with; before that, the link's values.
  const [chosen, setChosen] = useState<PaymentDetails | null>(null);
  const details = chosen ?? linkedDetails ?? defaultDetails;
  // The form keeps its own state from `initial`; a new starting point (the link's values after hydration) restarts it.
  const formKey = JSON.stringify(details);
  const [step, setStep] = useState<Step>({ name: 'details' });
  // One key per amount and description, so Try Again after a lost answer gets the same intent, not a second one.
  const attempt = useRef<{ key: string; details: PaymentDetails } | undefined>(undefined);
  // The heading (or status) of the step on screen; focus moves to it when the step changes.
  const stepStart = useRef<HTMLElement | null>(null);
  const markStepStart = (node: HTMLElement | null) => {
    stepStart.current = node;
  };
  const shownStep = useRef(step.name);

  useEffect(() => {
    // Focus follows the step for keyboard and screen-reader users (not on arrival, where the page starts).
    if (shownStep.current === step.name) return;
    shownStep.current = step.name;
    stepStart.current?.focus();
  }, [step.name]);

  async function proceed(next: PaymentDetails) {
    setChosen(next);
    if (!attempt.current || !sameDetails(attempt.current.details, next)) attempt.current = { key: newIdempotencyKey('payment'), details: next };
    const idempotencyKey = attempt.current!.key;
    setStep({ name: 'setting-up' });
    void (stripePublishableKey ? loadStripeCardForm() : loadDemoCardForm());
    try {
      const request = { amount: next.amount, description: next.description, payerEmail: next.payerEmail || undefined, reference: next.reference || undefined };
      const intent = await createIntent.mutateAsync({ request, idempotencyKey });
      startTransition(() => setStep({ name: 'card', intent }));
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error, detailFields);
      setStep({
        name: 'details',
        failure: errorMessage(error, 'We could not reach the payment service. Please check your connection.'),
        fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined,
      });
    }
  }

  function paid(paymentIntentId: string) {
    showToast({ title: 'Payment Successful', description: 'Thank you for your payment!' });
    navigate(successAddress(paymentIntentId));
  }

  function confirmedByStripe(paymentIntentId: string, status: string) {
    if (status === 'succeeded') return paid(paymentIntentId);
    // Bank debits and the like settle later; the confirmation page says so honestly.
    showToast({ title: 'Payment Submitted', description: 'We will confirm your payment as soon as your bank does.' });
    navigate(successAddress(paymentIntentId));
  }

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Service Payment</Title>
          <Text c="dimmed">Pay for your repair or service call online. Questions about your bill? Call {business.phoneDisplay}.</Text>
        </Stack>
        <Card withBorder radius="md" shadow="sm" padding="lg">
          <Suspense fallback={<LoadingState title="Loading the card form..." />}>
            {step.name === 'details' ? (
              <Stack gap="md">
                <Title order={2} size="h3" ref={markStepStart} tabIndex={-1}>
                  Payment Details
                </Title>
                <AmountForm key={formKey} initial={details} ready={formReady} failure={step.failure} serverErrors={step.fieldErrors} onSubmit={proceed} />
              </Stack>
            ) : null}
            {step.name === 'setting-up' ? (
              <div ref={markStepStart} tabIndex={-1}>
                <LoadingState title="Setting up payment" description="This takes a few seconds." />
              </div>
            ) : null}
            {step.name === 'card' ? (
              <Stack gap="md">
                <Title order={2} size="h3" ref={markStepStart} tabIndex={-1}>
                  Complete Payment
                </Title>
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <div>
                    <Text fw={700} fz="xl" data-testid="payment-amount">
                      {formatUsd(details.amount)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {details.description}
                    </Text>
                    {details.reference ? (
                      <Text size="sm" c="dimmed" data-testid="payment-reference">
                        Reference: {details.reference}
                      </Text>
                    ) : null}
                    {details.payerEmail ? (
                      <Text size="sm" c="dimmed">
                        Receipt to {details.payerEmail}
                      </Text>
                    ) : null}
                  </div>
                  <Button variant="subtle" size="compact-sm" onClick={() => setStep({ name: 'details' })}>
                    Change payment details
                  </Button>
                </Group>
                {step.intent.provider === 'demo' ? (
                  <DemoCardForm
                    paymentIntentId={step.intent.paymentIntentId}
                    clientSecret={step.intent.clientSecret}
                    amount={details.amount}
                    onPaid={(done) => paid(done.paymentIntentId)}
                    onFailed={failureToast}
                  />
                ) : stripePublishableKey ? (
                  <StripeCardForm
                    publishableKey={stripePublishableKey}
                    clientSecret={step.intent.clientSecret}
                    amount={details.amount}
                    onConfirmed={confirmedByStripe}
                    onFailed={failureToast}
                  />
                ) : (
                  <Alert color="red" variant="light" role="alert" title={<Text component="span" fw={700} c="red.9">Card payment is not available</Text>}>
                    Online card payment is not set up on this site yet. Please call{' '}
                    <Anchor href={`tel:${business.phoneTel}`}>{business.phoneDisplay}</Anchor> to pay by phone.
                  </Alert>
                )}
              </Stack>
            ) : null}
          </Suspense>
        </Card>
        <Text size="sm" c="dimmed" ta="center">
          Card numbers go to our payment provider and are never stored on this site.
        </Text>
      </Stack>
    </Container>
  );
}
