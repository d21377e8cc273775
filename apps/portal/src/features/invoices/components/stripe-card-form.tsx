import { useEffect, useState, type FormEvent } from 'react';
import { Button, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
// The pure entry point loads Stripe.js only when loadStripe is called (in an effect), never on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { formatCents } from '@repo/contracts';
import { ErrorState, LoadingState } from '@repo/ui';
import { DeclinedNotice } from './declined-notice.tsx';

let stripeLoad: Promise<Stripe | null> | undefined;

/** Stripe's Payment Element for the intent the server made, confirmed in place (a redirect only when the method needs it). */
export function StripeCardForm({ publishableKey, clientSecret, amountCents, onPaid }: { publishableKey: string; clientSecret: string; amountCents: number; onPaid: () => void }) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    stripeLoad ??= loadStripe(publishableKey);
    stripeLoad.then(
      (loaded) => current && (loaded ? setStripe(loaded) : setFailed(true)),
      () => {
        stripeLoad = undefined;
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  if (failed) return <ErrorState title="The card form could not be loaded" description="Please check your connection and reload the page, or call us to pay by phone." />;
  if (!stripe) return <LoadingState title="Loading the secure card form..." />;
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <PaymentElementForm amountCents={amountCents} onPaid={onPaid} />
    </Elements>
  );
}

function PaymentElementForm({ amountCents, onPaid }: { amountCents: number; onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [declined, setDeclined] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setDeclined(undefined);
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: window.location.href }, redirect: 'if_required' });
    setProcessing(false);
    if (result.error) {
      setDeclined(result.error.message ?? 'Your payment could not be completed.');
      return;
    }
    onPaid();
  }
  return (
    <form onSubmit={submit} aria-label="Card payment">
      <Stack gap="md">
        <PaymentElement options={{ layout: 'tabs' }} />
        <DeclinedNotice message={declined} />
        <Button type="submit" size="md" fullWidth disabled={!stripe || !elements || processing}>
          {processing ? 'Processing...' : `Pay ${formatCents(amountCents)}`}
        </Button>
      </Stack>
    </form>
  );
}
