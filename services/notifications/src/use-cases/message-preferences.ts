import {
  messagePreferencesPagePath,
  oneClickUnsubscribePath,
  preferenceMessages,
  type MessagePreferences,
  type PreferenceTopic,
  type SessionClaims,
  type TopicChoices,
} from '@repo/contracts';
import { forbidden, notFound } from '@repo/service-kit';
import type { Kysely } from 'kysely';
import type { NotificationsDatabase } from '../db/schema.ts';
import { maskedEmail } from '../domain/masked-email.ts';
import type { UnsubscribeFooter } from '../templates/layout.tsx';
import { choicesOf, ownerOfKey, preferenceKeyFor, preferenceOwner, saveChoices, turnOff } from '../repositories/preference-repository.ts';
import type { NotificationsContext } from './context.ts';

type Ctx = Pick<NotificationsContext, 'db' | 'now' | 'portalOrigin' | 'webOrigin'>;

/**
 * The owner a signed-in customer may set choices for: the session's email, once proven. An unproven address could be
 * anyone's (an account is opened by typing it), and turning off someone else's reminders is a harm of its own.
 */
export function provenOwner(session: SessionClaims): string {
  if (!session.email) throw forbidden(preferenceMessages.noEmail);
  if (!session.emailVerified) throw forbidden(preferenceMessages.unproven);
  return preferenceOwner(session.email);
}

export async function readSessionPreferences(ctx: Ctx, session: SessionClaims): Promise<MessagePreferences> {
  const owner = provenOwner(session);
  return { email: owner, choices: await choicesOf(ctx.db, owner) };
}

export async function updateSessionPreferences(ctx: Ctx, session: SessionClaims, choices: TopicChoices): Promise<MessagePreferences> {
  const owner = provenOwner(session);
  await ctx.db.transaction().execute((trx) => saveChoices(trx, owner, choices, 'portal', ctx.now()));
  return { email: owner, choices: await choicesOf(ctx.db, owner) };
}

async function keyOwner(db: Kysely<NotificationsDatabase>, key: string): Promise<string> {
  const owner = await ownerOfKey(db, key);
  if (!owner) throw notFound(preferenceMessages.badKey);
  return owner;
}

export async function readKeyPreferences(ctx: Ctx, key: string): Promise<MessagePreferences> {
  const owner = await keyOwner(ctx.db, key);
  return { email: maskedEmail(owner), choices: await choicesOf(ctx.db, owner) };
}

export async function updateKeyPreferences(ctx: Ctx, key: string, choices: TopicChoices): Promise<MessagePreferences> {
  const owner = await keyOwner(ctx.db, key);
  await ctx.db.transaction().execute((trx) => saveChoices(trx, owner, choices, 'link', ctx.now()));
  return { email: maskedEmail(owner), choices: await choicesOf(ctx.db, owner) };
}

/** RFC 8058: the mail client's POST turns the topic's emails off, no questions asked (the key is the proof). */
export async function unsubscribeOneClick(ctx: Ctx, key: string, topic: PreferenceTopic): Promise<void> {
  const owner = await keyOwner(ctx.db, key);
  await turnOff(ctx.db, owner, topic, 'email', 'one-click', ctx.now());
}

/** The links an optional email carries: its footer's page (key in the fragment) and its List-Unsubscribe URL. */
export type PreferenceLinks = { page: string; oneClick: string };

export async function preferenceLinks(ctx: Pick<Ctx, 'now' | 'portalOrigin' | 'webOrigin'>, db: Kysely<NotificationsDatabase>, email: string, topic: PreferenceTopic): Promise<PreferenceLinks> {
  const key = await preferenceKeyFor(db, preferenceOwner(email), ctx.now());
  return {
    page: `${ctx.portalOrigin}${messagePreferencesPagePath}?topic=${topic}#key=${key}`,
    oneClick: `${ctx.webOrigin}${oneClickUnsubscribePath}?key=${key}&topic=${topic}`,
  };
}

/** What the footer of each topic's emails calls them. */
const footerWhat: Record<PreferenceTopic, string> = {
  reminders: 'appointment reminders',
  'visit-updates': 'technician updates',
  'after-visit': 'thank-you and review emails',
};

/** What an optional email carries: its footer's way out (to the template) and its List-Unsubscribe URL (to the message). */
export type OptionalEmailLinks = { unsubscribe: UnsubscribeFooter; listUnsubscribe: string };

export async function optionalEmailLinks(ctx: Pick<Ctx, 'now' | 'portalOrigin' | 'webOrigin'>, db: Kysely<NotificationsDatabase>, email: string, topic: PreferenceTopic): Promise<OptionalEmailLinks> {
  const links = await preferenceLinks(ctx, db, email, topic);
  return { unsubscribe: { what: footerWhat[topic], url: links.page }, listUnsubscribe: links.oneClick };
}
