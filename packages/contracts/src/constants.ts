/** Business constants: who the business is, where it works, and the numbers the apps and services share. */
export const business = {
  name: 'St Augustine Appliance Repair',
  phoneDisplay: '(904) 802-1998',
  phoneTel: '+19048021998',
  timeZone: 'America/New_York',
  hours: { opens: '07:00', closes: '20:00', days: 'every day' },
  priceRange: '$$',
  paymentAccepted: ['Cash', 'Credit Card', 'Check'],
  since: 1984,
  yearsExperience: '40+',
  emergency: '24/7',
  claims: { rating: '4.9/5', reviews: '200+', repairs: '56,000+', satisfaction: '99.2%', guarantee: '100%' },
} as const;

/** This year in the business's time zone: the footers' copyright year, as of when the page is shown. */
export const currentBusinessYear = (now: Date = new Date()) => Number(new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, year: 'numeric' }).format(now));

/**
 * How to reach the business besides the phone: the one place an owner changes them. Each app reads them through
 * `readBusinessContact` (@repo/ui), where VITE_BUSINESS_* variables given at build time take precedence (README,
 * "Business details").
 */
export const businessContact = {
  email: 'service@staugustineappliancerepair.com',
  careersEmail: 'careers@staugustineappliancerepair.com',
  address: { street: '3040 US Highway 1 South', city: 'St Augustine', region: 'FL', postalCode: '32086', country: 'US' },
  /** The public list of reviews (View All Reviews). */
  reviewsUrl: 'https://www.google.com/maps/search/?api=1&query=St+Augustine+Appliance+Repair',
  /** Where a customer writes a review (Leave a Review, the thank-you strip); an owner sets their own review link. */
  leaveReviewUrl: 'https://www.google.com/search?q=St+Augustine+Appliance+Repair+write+a+review',
  /** The business's social media page. */
  socialUrl: 'https://www.facebook.com/staugustineappliancerepair',
} as const;

/**
 * The public site's legal pages. Every app's footer links to them (the portal and back office on the site's origin),
 * and so does the booking form's SMS consent.
 */
export const legalPages = { privacy: '/privacy', smsTerms: '/sms-terms' } as const;
/** The public site's "find my appointment" page (`findAppointmentPath` is its call); the portal's sign-in links to it. */
export const findAppointmentPage = '/find-appointment';
/**
 * The public site's payment page. A link may fill in the reference the payment is kept under (`?reference=`, an
 * invoice number or an appointment's confirmation code), as the job-completed email's "Pay your bill" does.
 */
export const paymentPage = '/payment';
export const paymentLinkPath = (reference: string) => `${paymentPage}?reference=${encodeURIComponent(reference)}`;

/**
 * How long the business keeps what it holds: the privacy page (apps/web) states these periods, and the services that
 * keep the data are to hold to them. The business's to change, here and nowhere else.
 */
export const dataRetention = {
  /** The text of the emails and texts sent to a customer; after it only who, when, what kind and whether it arrived stay. */
  messageBodiesDays: 90,
  /** That record of each message (kind, channel, recipient, delivery state). */
  messageRecordsYears: 2,
  /** A technician's positions on the way to a visit, kept to answer questions about the visit. */
  technicianPositionsDays: 30,
  /** Appointments and service history (contact details, service address, appliance, work done): warranty and tax records. */
  serviceRecordsYears: 7,
  /** Payment references (amount, date, card brand and last four, the card processor's reference): tax records. */
  paymentRecordsYears: 7,
  /** The record of a customer's consent to texts and of their STOP, after the last text sent to them. */
  smsConsentRecordsYears: 4,
  /** From a request to delete an account to its deletion (what the records above must keep stays for their periods). */
  accountDeletionDays: 30,
  /** The longest a customer waits for an answer to a request to see, correct or delete their data. */
  dataRequestAnswerDays: 30,
} as const;

/**
 * The brand's blue, lightest to darkest: the apps' Mantine theme and the emails both use it. Shade 7 (the filled
 * shade) gives white text 6.7:1 and blue text on white 6.7:1.
 */
export const brandPalette = ['#eff6ff', '#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a'] as const;

export const payment = { defaultAmount: 150, minAmount: 1, maxAmount: 10_000, step: 0.01, decimals: 2, defaultDescription: 'Appliance Repair Service' } as const;

export const booking = {
  windowDays: 14,
  excludedWeekday: 0, // Sunday
  zipMin: 5,
  zipMax: 10,
  defaultState: 'FL',
  steps: 4,
  confirmationCallHours: 24,
} as const;

export const ui = {
  scrollOffsetPx: 20,
  scrollFallbackOffsetPx: 120,
  scrollToSectionDelayMs: 500,
  stepScrollDelayMs: 100,
  embeddedFormHeightPx: 740,
  /** The embedded request form counts as unavailable when it has not loaded this long after it started to. */
  embeddedFormTimeoutMs: 10_000,
  controlsAutoHideMs: 3000,
  toastDurationMs: 5000,
  toastLimit: 1,
  toastSwipeThresholdPx: 50,
  tooltipDelayMs: 700,
  tooltipSkipMs: 300,
} as const;

export const tracking = {
  pollTrackingPageMs: 30_000,
  pollTechniciansMs: 5_000,
  pollAppointmentsMs: 5_000,
  pollTrackingListMs: 3_000,
  countdownTickMs: 1_000,
  progressWindowMinutes: 45,
  fallbackScheduledMinutes: 30,
  fallbackEtaMinutes: 25,
  timelineScheduledMinutesBefore: 60,
  timelineDispatchedMinutesBefore: 45,
  defaultCenter: { lat: 29.9012, lng: -81.3124 },
  defaultZoom: 13,
  coordinateStep: 0.0001,
  coordinateDecimals: 4,
  distanceDecimals: 1,
  recentActivityItems: 5,
  phoneLookupHistoryItems: 3,
} as const;

export const accounts = { passwordMin: 6, dateFormat: 'MMM dd, yyyy', memberSinceFormat: 'MMM yyyy' } as const;

/** Browser storage keys of the request conventions. */
export const storageKeys = { authToken: 'auth_token', adminToken: 'admin_token', scrollTarget: 'scrollToSection' } as const;
