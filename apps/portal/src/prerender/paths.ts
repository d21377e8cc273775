/**
 * The portal's pages written to HTML at build time. The customer portal's, the invoices', the appliances' and the
 * tracking page's HTML is their loading state: who is signed in, and which appointment the address's query names, are
 * known only in the browser; the reset, sign-in link and confirmation pages' forms wait for the browser to read the
 * link's token from the address. A page with HTML of its own also names its code (and the calls it makes at once), so
 * the browser fetches them with the HTML instead of after the app's code has run.
 */
export const prerenderedPaths = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/email-sign-in',
  '/sign-in-link',
  '/confirm-email',
  '/confirm-email-change',
  '/customer-portal',
  '/invoices',
  '/appliances',
  '/message-preferences',
  '/technician-tracking',
] as const;

/**
 * The HTML the gateway answers every other address with (its single-page fallback, dist/index.html): the header and a
 * loading state, which the browser replaces with the address's page (an appointment, the 404 card, `/`'s redirect).
 */
export const shellFile = 'index.html';
