import { z } from 'zod';
import { accounts, business } from './constants.ts';
import { roles } from './choices.ts';
import { usPhoneSchema } from './appointments.ts';
import { customerSchema } from './customer.ts';

const email = z.email({ error: 'Valid email is required' }).max(254, 'Valid email is required');
const password = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(accounts.passwordMin, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

/**
 * Every back-office sign-in (technician, staff, administrator) opens the business's records, so each needs a password
 * of at least 12 characters, whoever sets it.
 */
export const backOfficePassword = z
  .string({ error: 'Password must be at least 12 characters' })
  .min(12, 'Password must be at least 12 characters')
  .max(200, 'Password must be at most 200 characters');

export const loginRequestSchema = z.object({ email, password });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string(), message: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerRequestSchema = z
  .object({
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
    email,
    phone: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(40),
    address: z.string().trim().max(300).optional(),
    password,
    confirmPassword: z
      .string({ error: 'Password confirmation is required' })
      .min(accounts.passwordMin, 'Password confirmation is required'),
  })
  .refine((value) => value.password === value.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * Registration proves the email before any account exists. `POST /api/auth/register` answers 202 with
 * `registrationMessages.checkEmail` whatever the email: for a new one, accounts keeps the registration pending and
 * emails a single-use link to the portal's `confirmEmailPagePath`, valid `registration.linkValidMinutes`; for an email
 * that already has an account, nothing is kept and its owner is emailed that someone tried (with the ways to sign in
 * or reset the password). `POST /api/auth/confirm-email` with the link's token and the password chosen at registration
 * creates the account, its email proven, and signs the customer in (the session cookie, and the token as login answers
 * it). The password is asked again because anyone can register someone else's email: the link reaches the inbox's
 * owner, and without the password their click would make an account that the registering stranger signs in to.
 */
export const registration = { linkValidMinutes: 30 } as const;
export const confirmEmailPath = '/api/auth/confirm-email';
/** The portal's page the emailed link opens; the token is in its fragment (`#token=…`), never sent to a server with the page. */
export const confirmEmailPagePath = '/confirm-email';
/** The address of the confirmation page for a token, relative to the portal's origin. */
export const confirmEmailLinkPath = (token: string) => `${confirmEmailPagePath}#token=${encodeURIComponent(token)}`;

/** The words a registering customer sees. */
export const registrationMessages = {
  /** The one answer to a registration, whatever the email; `{email}` is replaced with the email as typed. */
  checkEmail: `Check your email: we sent a link to {email} to finish creating your account. The link works for ${registration.linkValidMinutes} minutes; if no email arrives within a few minutes, check your spam folder or register again.`,
  /** Too many registrations for one email or from one client; `{minutes}` is replaced with the whole minutes (at least 1). */
  throttled: `Too many registration attempts. Please try again in {minutes} minutes, or call us at ${business.phoneDisplay}.`,
  unknownLink: 'This link is not valid. Please register again to get a new one.',
  expiredLink: `This link has expired (links work for ${registration.linkValidMinutes} minutes). Please register again to get a new one.`,
  usedLink: 'This link has already been used: your account exists. Please log in.',
  replacedLink: 'You registered again after this link was sent, so this one no longer works. Please use the newest email.',
  /** The email got an account after the link was sent (another registration with it was finished first). */
  emailTaken: 'An account with this email already exists. Please log in, or reset your password if you need to.',
  /** The link lost its token, or part of it (cut short when copied, say). */
  incompleteLink: 'This link is not complete. Please open the link from the email again.',
  completed: 'Your email is confirmed and your account is ready.',
  passwordRequired: 'Enter the password you chose when you registered.',
  /** The link is fine and stays usable; the password is not the one its registration chose. */
  wrongPassword: 'That is not the password chosen for this registration. Enter the password you chose when you registered, or register again to choose a new one.',
} as const;
/** The 202 answer's body for a registration of `email`. */
export const registrationCheckEmail = (email: string) => registrationMessages.checkEmail.replace('{email}', email.trim());
export const registerResponseSchema = z.object({ message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** An emailed token: 32 random bytes, base64url (43 characters). */
const emailedToken = (incomplete: string) => z.string({ error: incomplete }).regex(/^[A-Za-z0-9_-]{43}$/, incomplete);
/** The password as typed when confirming; no chosen password is longer than registration allows, so a longer one is wrong. */
const registeredPassword = z
  .string({ error: registrationMessages.passwordRequired })
  .min(1, registrationMessages.passwordRequired)
  .max(200, registrationMessages.wrongPassword);
/** The confirmation page's form: what the customer types (the token comes from the link). */
export const confirmEmailFormSchema = z.object({ password: registeredPassword });
export const confirmEmailRequestSchema = z.object({ token: emailedToken(registrationMessages.incompleteLink), password: registeredPassword });
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;
/** As login answers: the session token (the cookie is set too) and the message. */
export const confirmEmailResponseSchema = z.object({ token: z.string(), message: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

export const logoutResponseSchema = z.object({ message: z.string() });

/**
 * `GET /api/auth/session`: who is signed in, if anyone. Unlike `GET /api/auth/user` (401 without a session) a visitor
 * gets 200 with `customer: null`, so a page that only wants to know (the booking wizard, the portal) asks without
 * provoking an error. A back-office session is not a customer: null too.
 */
export const currentSessionPath = '/api/auth/session';
export const currentSessionResponseSchema = z.object({ customer: customerSchema.nullable() });
export type CurrentSessionResponse = z.infer<typeof currentSessionResponseSchema>;

export const adminLoginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;
/** Someone signed in to the back office, as the back office shows them. */
export const backOfficeRoles = ['technician', 'staff', 'admin'] as const;
export const backOfficeUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(backOfficeRoles),
  /** Set for the technician role: whose jobs they see. */
  technicianId: z.string().nullable(),
});
export type BackOfficeUser = z.infer<typeof backOfficeUserSchema>;
/**
 * `POST /api/admin/login`: sets the back office's httpOnly session cookie (`staff_session`) and answers the token too,
 * for API clients that send it as a bearer header. The back office itself never stores the token.
 */
export const adminLoginResponseSchema = z.object({ token: z.string(), user: backOfficeUserSchema });
/** `GET /api/admin/session`: who is signed in to the back office (200 with `user: null` for nobody). */
export const backOfficeSessionPath = '/api/admin/session';
export const backOfficeSessionResponseSchema = z.object({ user: backOfficeUserSchema.nullable() });
export type BackOfficeSessionResponse = z.infer<typeof backOfficeSessionResponseSchema>;
/** `POST /api/admin/logout`: ends the back-office session and clears its cookie. */
export const backOfficeLogoutPath = '/api/admin/logout';

/**
 * `POST /api/admin/technician-accounts` (staff, admin): gives a tracking technician a sign-in to the back office's
 * phone view (role technician). One sign-in per technician and per email (409 otherwise). `GET` lists them, so
 * technician management shows who has one. `PUT /api/admin/technician-accounts/:technicianId/password` sets a new
 * password and ends that technician's sessions.
 */
export const technicianAccountsPath = '/api/admin/technician-accounts';
export const createTechnicianAccountSchema = z.object({
  technicianId: z.string({ error: 'Technician is required' }).trim().min(1, 'Technician is required').max(64),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  email,
  password: backOfficePassword,
});
export type CreateTechnicianAccount = z.infer<typeof createTechnicianAccountSchema>;
export const technicianAccountSchema = z.object({ id: z.number().int(), technicianId: z.string(), name: z.string(), email: z.string(), createdAt: z.string() });
export type TechnicianAccount = z.infer<typeof technicianAccountSchema>;
export const technicianAccountListSchema = z.array(technicianAccountSchema);
export const technicianAccountPasswordSchema = z.object({ password: backOfficePassword });
export const technicianAccountMessages = {
  emailTaken: 'That email already has a back-office sign-in. Use another email.',
  technicianHasAccount: 'This technician already has a sign-in. Set a new password instead.',
  notFound: 'This technician has no sign-in yet.',
  /** Sign-in refused (after the password was checked) while the technician is deactivated in technician management. */
  deactivated: 'This technician is deactivated, so their sign-in is turned off. Please ask the office.',
} as const;

export const roleSchema = z.enum(roles);
/**
 * What every service reads from a verified session token. `sid` names the server-side session in accounts: a token
 * is good only while that session is active (not logged out, not idle too long, not past its maximum age).
 */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  role: roleSchema,
  sid: z.string().min(16).max(64),
  customerId: z.number().int().optional(),
  /** For the technician role: the tracking technician this sign-in belongs to. */
  technicianId: z.string().optional(),
  email: z.string().optional(),
  /**
   * True when the customer has proven they own `email` (a confirmation link). Only then may records kept elsewhere
   * under that email (imported customers, a field-service system's visits) become theirs; an unproven account sees
   * only what it created itself.
   */
  emailVerified: z.boolean().optional(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** Name of the httpOnly cookie that carries a customer's session token. */
export const sessionCookieName = 'session';
/**
 * Name of the httpOnly cookie that carries a back-office session (staff, administrator, technician). It is always
 * host-only (set by the back office's host, never shared through COOKIE_DOMAIN), so the customer apps never see it;
 * where both cookies reach a service, the back-office one is read first.
 */
export const staffSessionCookieName = 'staff_session';

export const authMessages = {
  commonPassword: 'This password is one of the most common passwords. Please choose one that is harder to guess.',
  invalidCredentials: 'Invalid email or password. Please check them and try again.',
  /**
   * Too many failed sign-ins from this client (on this account, or on many); `{minutes}` is replaced with the whole
   * minutes (at least 1) until the next attempt is allowed. The way out is to wait, to ask for a sign-in link or a
   * reset link by email (`signInLinkPath`, `passwordResetPath`), or to call the business, which resets a password once
   * it knows who is calling.
   */
  accountThrottled: `Too many sign-in attempts. Please try again in {minutes} minutes, ask for a sign-in link by email, or call us at ${business.phoneDisplay}.`,
  sessionEnded: 'Your session has ended. Please log in again.',
  sessionCheckUnavailable: "We can't check your sign-in right now. Please try again in a minute.",
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  logoutFailed: "We couldn't log you out. Please check your connection and try again.",
} as const;

/** Change the password of the signed-in customer (`PUT /api/auth/password`); ends every other session. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
    newPassword: password,
    confirmPassword: z.string({ error: 'Password confirmation is required' }).min(accounts.passwordMin, 'Password confirmation is required'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export const changePasswordResponseSchema = z.object({ message: z.string() });

/**
 * A customer who forgot their password: `POST /api/auth/password-reset` with the email answers 202 and the same
 * message whether or not an account has it; when one does, accounts emails a single-use link to the portal's
 * `passwordResetPagePath` (through notifications), valid `passwordReset.linkValidMinutes`. Asking again ends the earlier
 * links. `POST /api/auth/password-reset/complete` with the link's token and the new password (the registration rules)
 * changes the password and ends every session of the customer, who then signs in with it.
 */
export const passwordResetPath = '/api/auth/password-reset';
export const passwordResetCompletePath = '/api/auth/password-reset/complete';
/** The portal's page the emailed link opens; the token is its `token` query parameter. */
export const passwordResetPagePath = '/reset-password';
/** The portal's page where a customer asks for a link. */
export const forgotPasswordPagePath = '/forgot-password';
/** The portal's sign-in page. */
export const customerLoginPagePath = '/login';
export const passwordReset = { linkValidMinutes: 30 } as const;
/** The address of the reset page for a token, relative to the portal's origin. */
export const passwordResetLinkPath = (token: string) => `${passwordResetPagePath}?token=${encodeURIComponent(token)}`;

/** The words a customer sees along the way. */
export const passwordResetMessages = {
  requested: `If an account uses this email, we have sent it a link to choose a new password. The link works for ${passwordReset.linkValidMinutes} minutes; if no email arrives within a few minutes, check your spam folder or ask again.`,
  /** Too many requests for one email or from one client; `{minutes}` is replaced with the whole minutes (at least 1). */
  throttled: `Too many reset requests. Please try again in {minutes} minutes, or call us at ${business.phoneDisplay}.`,
  unknownLink: 'This reset link is not valid. Please ask for a new one.',
  expiredLink: `This reset link has expired (links work for ${passwordReset.linkValidMinutes} minutes). Please ask for a new one.`,
  usedLink: 'This reset link has already been used. Please ask for a new one if you need to.',
  replacedLink: 'A newer reset link was sent after this one, so this one no longer works. Please use the newest email, or ask again.',
  completed: 'Your password has been changed and every device has been signed out. Please log in with your new password.',
  /** The link lost its token, or part of it (cut short when copied, say). */
  incompleteLink: 'This reset link is not complete. Please open the link from the email again.',
} as const;

/** A reset token: 32 random bytes, base64url (43 characters); anything else cannot be one. */
const resetToken = emailedToken(passwordResetMessages.incompleteLink);

export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export const passwordResetRequestedResponseSchema = z.object({ message: z.string() });

/** The new password twice, by the registration rules. */
const newPasswordShape = {
  password,
  confirmPassword: z.string({ error: 'Password confirmation is required' }).min(accounts.passwordMin, 'Password confirmation is required'),
};
const passwordsMatch = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
const passwordsDiffer = { message: "Passwords don't match", path: ['confirmPassword'] };
/** The reset page's form: what the customer types (the token comes from the link). */
export const newPasswordFormSchema = z.object(newPasswordShape).refine(passwordsMatch, passwordsDiffer);
export const passwordResetCompleteRequestSchema = z.object({ token: resetToken, ...newPasswordShape }).refine(passwordsMatch, passwordsDiffer);
export type PasswordResetCompleteRequest = z.infer<typeof passwordResetCompleteRequestSchema>;
export const passwordResetCompleteResponseSchema = z.object({ message: z.string() });

/**
 * A customer who would rather not type a password (or is kept from trying it: too many guesses from elsewhere): `POST
 * /api/auth/sign-in-link` with the email answers 202 and the same message whether or not an account has it; when one
 * does, accounts emails a single-use link to the portal's `signInLinkPagePath` (through notifications), valid
 * `signInLink.linkValidMinutes`, its token in the address's fragment. Asking again ends the earlier links. The page
 * signs in when the customer presses its button (a mail scanner opening the link must not use it up): `POST
 * /api/auth/sign-in-link/complete` with the token starts a session, as a login does, and counts the email as proven.
 */
export const signInLinkPath = '/api/auth/sign-in-link';
export const signInLinkCompletePath = '/api/auth/sign-in-link/complete';
/** The portal's page where a customer asks for a sign-in link. */
export const signInLinkRequestPagePath = '/email-sign-in';
/** The portal's page the emailed link opens; the token is in its fragment (`#token=`). */
export const signInLinkPagePath = '/sign-in-link';
export const signInLink = { linkValidMinutes: 30 } as const;
/** The address of the sign-in page for a token, relative to the portal's origin. */
export const signInLinkUrlPath = (token: string) => `${signInLinkPagePath}#token=${encodeURIComponent(token)}`;

export const signInLinkMessages = {
  requested: `If an account uses this email, we have sent it a link that signs you in. The link works once, for ${signInLink.linkValidMinutes} minutes; if no email arrives within a few minutes, check your spam folder or ask again.`,
  /** Too many requests for one email or from one client; `{minutes}` is replaced with the whole minutes (at least 1). */
  throttled: `Too many sign-in link requests. Please try again in {minutes} minutes, or call us at ${business.phoneDisplay}.`,
  unknownLink: 'This sign-in link is not valid. Please ask for a new one.',
  expiredLink: `This sign-in link has expired (links work for ${signInLink.linkValidMinutes} minutes). Please ask for a new one.`,
  usedLink: 'This sign-in link has already been used. Please ask for a new one, or log in with your password.',
  replacedLink: 'A newer sign-in link was sent after this one, so this one no longer works. Please use the newest email, or ask again.',
  incompleteLink: 'This sign-in link is not complete. Please open the link from the email again.',
  completed: 'You are signed in.',
} as const;

export const signInLinkRequestSchema = z.object({ email });
export type SignInLinkRequest = z.infer<typeof signInLinkRequestSchema>;
export const signInLinkRequestedResponseSchema = z.object({ message: z.string() });
export const signInLinkCompleteRequestSchema = z.object({ token: emailedToken(signInLinkMessages.incompleteLink) });
export type SignInLinkCompleteRequest = z.infer<typeof signInLinkCompleteRequestSchema>;
/** As a login answers: the session token (also set as the httpOnly cookie) and a message. */
export const signInLinkCompleteResponseSchema = loginResponseSchema;

/**
 * A signed-in customer proves the phone number on their account with a code by text: `POST /api/auth/phone-code`
 * (no body) has accounts store the code's hash and notifications text it to that number (through Twilio; quiet hours
 * do not hold it, the customer is waiting for it), valid `phoneCode.validMinutes` for `phoneCode.tries` tries. Asking
 * again ends the earlier code. `POST /api/auth/phone-code/confirm` with the code counts the phone as proven and links
 * the account to an imported customer record with that number (a typed number alone links nothing).
 */
export const phoneCodePath = '/api/auth/phone-code';
export const phoneCodeConfirmPath = '/api/auth/phone-code/confirm';
export const phoneCode = { validMinutes: 10, tries: 5, digits: 6 } as const;

export const phoneCodeMessages = {
  /** `{phone}` is replaced with the number's last four digits. */
  sent: `We texted a ${phoneCode.digits}-digit code to the number ending in {phone}. It works for ${phoneCode.validMinutes} minutes. If you once replied STOP to our texts, reply START first.`,
  /** Too many codes asked for this account, this number or from this client; `{minutes}` is replaced with the whole minutes (at least 1). */
  throttled: `Too many codes asked for. Please try again in {minutes} minutes, or call us at ${business.phoneDisplay}.`,
  notTextable: `The phone number on your account cannot receive our texts (we text ten-digit US numbers). Please change it under Account Info, or call us at ${business.phoneDisplay}.`,
  alreadyProven: 'Your phone number is already proven.',
  noCode: 'There is no code waiting for this account. Please ask for a new code.',
  expired: `This code has expired (codes work for ${phoneCode.validMinutes} minutes). Please ask for a new one.`,
  /** `{tries}` is replaced with the tries left. */
  wrong: 'That code is not right. {tries} left.',
  triesUsed: `That code was tried ${phoneCode.tries} times. Please ask for a new one.`,
  invalid: `Enter the ${phoneCode.digits} digits from the text.`,
  proven: 'Your phone number is proven. Records we keep under it are now linked to your account.',
} as const;

export const phoneCodeResponseSchema = z.object({ message: z.string() });
export const phoneCodeConfirmRequestSchema = z.object({
  code: z
    .string({ error: phoneCodeMessages.invalid })
    .trim()
    .regex(new RegExp(`^\\d{${phoneCode.digits}}$`), phoneCodeMessages.invalid),
});
export type PhoneCodeConfirmRequest = z.infer<typeof phoneCodeConfirmRequestSchema>;
export const phoneCodeConfirmResponseSchema = z.object({ message: z.string() });

/**
 * A signed-in customer changes the phone number on their account: `PUT /api/auth/phone` with the new number. A typed
 * number is only a claim, so the new one is not proven: the account keeps the records it is already linked to, links
 * nothing more until the new number is proven by a code by text, and a code texted to the old number stops working.
 * The same number (the same ten digits, however typed) changes nothing and keeps its proof.
 */
export const accountPhonePath = '/api/auth/phone';
export const accountPhoneMessages = {
  changed: 'Your phone number is changed. Prove it by text to link the records we keep under it.',
  unchanged: 'That is already the phone number on your account.',
} as const;
export const accountPhoneRequestSchema = z.object({ phone: usPhoneSchema });
export type AccountPhoneRequest = z.infer<typeof accountPhoneRequestSchema>;
export const accountPhoneResponseSchema = z.object({ message: z.string(), customer: customerSchema });
export type AccountPhoneResponse = z.infer<typeof accountPhoneResponseSchema>;

/**
 * A signed-in customer changes the email on their account, proving the new one first. `PUT /api/auth/email` with the
 * new email and the account's password answers 202 with the same message whether or not another account has that
 * email (the account's email stays as it is): accounts keeps the change pending and has notifications email the new
 * address a single-use link to the portal's `confirmEmailChangePagePath`, valid `emailChange.linkValidMinutes` (or,
 * when the address has an account already, tell its owner someone tried to move another account to it). Asking again
 * ends the earlier link. `POST /api/auth/email/confirm` with the link's token and the account's password (a link sent
 * to a mistyped address must not hand the account to whoever reads it) makes the new email the account's, proven;
 * every session of the customer ends and this browser is signed in afresh (its claims carry the new email), records
 * kept under the new email are linked, and the old address is told of the change.
 */
export const accountEmailPath = '/api/auth/email';
export const accountEmailConfirmPath = '/api/auth/email/confirm';
/** The portal's page the emailed link opens; the token is in its fragment (`#token=…`). */
export const confirmEmailChangePagePath = '/confirm-email-change';
export const emailChange = { linkValidMinutes: 30 } as const;
/** The address of the confirmation page for a token, relative to the portal's origin. */
export const confirmEmailChangeLinkPath = (token: string) => `${confirmEmailChangePagePath}#token=${encodeURIComponent(token)}`;

export const emailChangeMessages = {
  /** `{email}`: the new email as typed. */
  sent: `We sent a link to {email}. Open it within ${emailChange.linkValidMinutes} minutes to make it your account's email; until then, your email stays as it is. If no email arrives within a few minutes, check your spam folder or ask again.`,
  unchanged: 'That is already the email on your account.',
  /** Too many requests for this account, this address or from this client; `{minutes}` is replaced with the whole minutes (at least 1). */
  throttled: `Too many email changes asked for. Please try again in {minutes} minutes, or call us at ${business.phoneDisplay}.`,
  passwordRequired: 'Enter your account password.',
  wrongPassword: 'That is not your account password. Enter the password you sign in with.',
  unknownLink: 'This link is not valid. Please ask for the email change again from Account Info.',
  expiredLink: `This link has expired (links work for ${emailChange.linkValidMinutes} minutes). Please ask for the email change again from Account Info.`,
  usedLink: 'This link has already been used: your email is changed. Please log in with your new email.',
  replacedLink: 'You asked for another email change after this link was sent, so this one no longer works. Please use the newest email.',
  incompleteLink: 'This link is not complete. Please open the link from the email again.',
  /** Another account got the email after the link was sent. */
  emailTaken: 'Another account uses this email now, so it cannot become yours. Your email stays as it was.',
  /** `{email}`: the account's new email. */
  completed: 'Your email is now {email}. Every other device has been signed out.',
} as const;

const accountPassword = z.string({ error: emailChangeMessages.passwordRequired }).min(1, emailChangeMessages.passwordRequired).max(200, emailChangeMessages.wrongPassword);
export const accountEmailRequestSchema = z.object({ email, password: accountPassword });
export type AccountEmailRequest = z.infer<typeof accountEmailRequestSchema>;
export const accountEmailResponseSchema = z.object({ message: z.string() });
/** The confirmation page's form: what the customer types (the token comes from the link). */
export const accountEmailConfirmFormSchema = z.object({ password: accountPassword });
export const accountEmailConfirmRequestSchema = z.object({ token: emailedToken(emailChangeMessages.incompleteLink), password: accountPassword });
export type AccountEmailConfirmRequest = z.infer<typeof accountEmailConfirmRequestSchema>;
/** As a login answers: the new session's token (also set as the httpOnly cookie) and the message. */
export const accountEmailConfirmResponseSchema = loginResponseSchema;

/**
 * Service-to-service: is each of these sessions still active? `POST /internal/sessions/check` on accounts, signed like
 * an effect delivery (topic `sessions.check`). Asking also counts as use of the session (it keeps it from idling out).
 */
export const sessionCheckPath = '/internal/sessions/check';
export const sessionCheckTopic = 'sessions.check';
export const sessionCheckRequestSchema = z.object({ sids: z.array(z.string().min(1).max(64)).min(1).max(500) });
export type SessionCheckRequest = z.infer<typeof sessionCheckRequestSchema>;
export const sessionCheckResponseSchema = z.object({ active: z.array(z.string()) });
export type SessionCheckResponse = z.infer<typeof sessionCheckResponseSchema>;
