/** What the payer enters in step A; the receipt email and the reference are optional ('' when not given). */
export type PaymentDetails = { amount: number; description: string; payerEmail: string; reference: string };
