/** The Stripe publishable key baked into the build; empty when payments run on the demo provider. */
export const stripePublishableKey: string = String(import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY ?? '').trim();
