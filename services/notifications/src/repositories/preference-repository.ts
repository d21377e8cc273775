import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { messageChannels, preferenceTopicOf, preferenceTopics, type MessageChannel, type PreferenceTopic, type TopicChoices } from '@repo/contracts';
import type { MessagePreferencesTable, MessageRow, NotificationsDatabase } from '../db/schema.ts';
import { findAppointmentContact } from './appointment-contact-repository.ts';

type Db = Kysely<NotificationsDatabase>;

/** Whose choices these are: an email address, compared whatever its letter case. */
export const preferenceOwner = (email: string) => email.trim().toLowerCase();

/** The owner's key for the links in its emails, made on first use (two callers at once get the same key). */
export async function preferenceKeyFor(db: Db, owner: string, at: Date): Promise<string> {
  await db
    .insertInto('preference_keys')
    .values({ owner, key: randomBytes(32).toString('base64url'), created_at: at })
    .onConflict((conflict) => conflict.column('owner').doNothing())
    .execute();
  const row = await db.selectFrom('preference_keys').select('key').where('owner', '=', owner).executeTakeFirstOrThrow();
  return row.key;
}

/** The owner a key was made for; undefined for a key nobody was given. */
export async function ownerOfKey(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('preference_keys').select('owner').where('key', '=', key).executeTakeFirst();
  return row?.owner;
}

/** Every topic and channel on, but those the owner turned off. */
export async function choicesOf(db: Db, owner: string): Promise<TopicChoices> {
  const off = await db.selectFrom('message_preferences').select(['topic', 'channel']).where('owner', '=', owner).execute();
  const isOff = (topic: PreferenceTopic, channel: MessageChannel) => off.some((row) => row.topic === topic && row.channel === channel);
  return Object.fromEntries(preferenceTopics.map((topic) => [topic, { email: !isOff(topic, 'email'), sms: !isOff(topic, 'sms') }])) as TopicChoices;
}

/** Whether the owner turned this topic off on this channel. */
export async function isTurnedOff(db: Db, owner: string, topic: PreferenceTopic, channel: MessageChannel): Promise<boolean> {
  const row = await db
    .selectFrom('message_preferences')
    .select('owner')
    .where('owner', '=', owner)
    .where('topic', '=', topic)
    .where('channel', '=', channel)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Keeps `choices` as the owner's: a topic and channel turned off gets its row (the first time it was turned off and how
 * are kept while it stays off), one turned on loses it.
 */
export async function saveChoices(db: Db, owner: string, choices: TopicChoices, by: MessagePreferencesTable['turned_off_by'], at: Date): Promise<void> {
  for (const topic of preferenceTopics) {
    for (const channel of messageChannels) {
      if (choices[topic][channel]) {
        await db.deleteFrom('message_preferences').where('owner', '=', owner).where('topic', '=', topic).where('channel', '=', channel).execute();
      } else {
        await turnOff(db, owner, topic, channel, by, at);
      }
    }
  }
}

/** Turns one topic and channel off (already off: unchanged). */
export async function turnOff(db: Db, owner: string, topic: PreferenceTopic, channel: MessageChannel, by: MessagePreferencesTable['turned_off_by'], at: Date): Promise<void> {
  await db
    .insertInto('message_preferences')
    .values({ owner, topic, channel, turned_off_at: at, turned_off_by: by })
    .onConflict((conflict) => conflict.columns(['owner', 'topic', 'channel']).doNothing())
    .execute();
}

/**
 * Gives `to` the topics and channels `from` turned off (an email change: the choices made under the old address follow
 * the customer to the new one), each row as it was (when and how it was turned off). A topic and channel `to` turned
 * off already keeps its own row; `from` keeps its rows.
 */
export async function copyChoices(db: Db, from: string, to: string): Promise<void> {
  await db
    .insertInto('message_preferences')
    .columns(['owner', 'topic', 'channel', 'turned_off_at', 'turned_off_by'])
    .expression((eb) => eb.selectFrom('message_preferences').select([eb.val(to).as('owner'), 'topic', 'channel', 'turned_off_at', 'turned_off_by']).where('owner', '=', from))
    .onConflict((conflict) => conflict.columns(['owner', 'topic', 'channel']).doNothing())
    .execute();
}

export const turnedOffReason = (channel: MessageChannel) =>
  `The customer turned off these ${channel === 'sms' ? 'texts' : 'emails'} in their message preferences.`;

/**
 * Whether a queued message's customer turned its topic off on its channel (checked when it is about to go out, so a
 * reminder planned before the change is not sent after it). The owner is the appointment's email for a text, the
 * recipient for an email.
 */
export async function isUnwanted(db: Db, message: MessageRow): Promise<boolean> {
  const topic = preferenceTopicOf(message.kind);
  if (!topic) return false;
  const email = message.channel === 'email' ? message.recipient : message.appointment_id === null ? undefined : (await findAppointmentContact(db, message.appointment_id))?.email;
  return email !== undefined && isTurnedOff(db, preferenceOwner(email), topic, message.channel);
}
