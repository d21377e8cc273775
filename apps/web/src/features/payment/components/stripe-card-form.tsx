import { useEffect, useState, type FormEvent } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe } from '@stripe/stripe-js';
// The pure entry point loads Stripe.js only when loadStripe is called (in an effect), never on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { ErrorState, LoadingState } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { formatUsd } from '../lib/money.ts';
import { DeclinedNotice } from './declined-notice.tsx';

export type StripeCardFormProps = {
  publishableKey: string;
  clientSecret: string;
  amount: number;
  /** The intent succeeded or is processing without leaving the page. */
  onConfirmed: (paymentIntentId: string, status: string) => void;
  onFailed: (message: string) => void;
};

let stripeLoad: { key: string; promise: Promise<Stripe | null> } | undefined;

/** One Stripe.js per page and key; a failed load is forgotten so Try Again loads it afresh. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (stripeLoad?.key !== publishableKey) {
    const promise = loadStripe(publishableKey);
    promise.catch(() => {
      if (stripeLoad?.promise === promise) stripeLoad = undefined;
    });
    stripeLoad = { key: publishableKey, promise };
  }
  return stripeLoad.promise;
}

const appearance: Appearance = {
  theme: 'stripe',
  variables: { colorPrimary: '#1d4ed8', colorDanger: '#c92a2a', borderRadius: '8px', fontFamily: 'system-ui, sans-serif' },
};

/** Step C with Stripe: the Payment Element in the site's colours, confirmed in place (redirect only when the method needs it). */
export function StripeCardForm({ publishableKey, clientSecret, ...props }: StripeCardFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else setFailed(true);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  if (failed) {
    return (
      <ErrorState
        title="The card form could not be loaded"
        description="Please check your connection and try again, or call us to pay by phone."
        onRetry={() => {
          setFailed(false);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  if (!stripe) return <LoadingState title="Loading the secure card form..." />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance }}>
      <PaymentElementForm {...props} />
    </Elements>
  );
}

function PaymentElementForm({ amount, onConfirmed, onFailed }: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [elementError, setElementError] = useState<string>();
  // Stripe's message for the last refused attempt, shown beside the form until the next attempt.
  const [declined, setDeclined] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Nothing happens until Stripe.js and the element are ready.
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setDeclined(undefined);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${paths.paymentSuccess}` },
      redirect: 'if_required',
    });
    if (result.error) {
      setProcessing(false);
      const message = result.error.message ?? 'Your payment could not be completed.';
      setDeclined(message);
      onFailed(message);
      return;
    }
    onConfirmed(result.paymentIntent.id, result.paymentIntent.status);
  }

  return (
    <form onSubmit={submit} aria-label="Card payment">
      <Stack gap="md">
        <PaymentElement
          options={{ layout: 'tabs' }}
          onLoadError={(event) => setElementError(event.error.message ?? 'The card form could not be loaded.')}
        />
        {elementError ? (
          <Text c="red.8" size="sm" role="alert">
            {elementError} Please reload the page or call us to pay by phone.
          </Text>
        ) : null}
        <DeclinedNotice message={declined} />
        <Button type="submit" size="md" fullWidth disabled={!stripe || !elements || processing}>
          {processing ? 'Processing...' : `Pay ${formatUsd(amount)}`}
        </Button>
      </Stack>
    </form>
  );
}
