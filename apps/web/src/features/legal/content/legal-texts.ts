/**
 * The privacy policy and the SMS terms, word for word: the business's to edit, here and nowhere else (the pages only
 * lay these texts out). Write `[words](address)` for a link: a page of this site (`/sms-terms`), a full address, or a
 * phone or mail address. Change `lastUpdated` with any change of substance. How long data is kept is contracts'
 * `dataRetention` (the services keep to the same periods); the checkbox's own words are contracts' `smsConsentWording`,
 * since booking stores them with each appointment.
 */
import { dataRetention } from '@repo/contracts';
import { addressLine, business, emailHref, telHref } from '../../../config/business.ts';
import { paths, portalUrls } from '../../../config/paths.ts';

/** A paragraph, or a bulleted list of items. */
export type LegalBlock = string | { list: readonly string[] };
export type LegalSection = { heading: string; blocks: readonly LegalBlock[] };
export type LegalDocument = {
  path: string;
  /** The page's title (the business name is appended) and description, for search engines and shared links. */
  title: string;
  description: string;
  keywords: string;
  heading: string;
  intro: string;
  sections: readonly LegalSection[];
};

/** The date the texts last changed in substance, as the pages show it. */
export const lastUpdated = 'December 10, 2026';

const phoneLink = `[${business.phoneDisplay}](${telHref})`;
const emailLink = `[${business.email}](${emailHref})`;
const period = (count: number, unit: 'day' | 'year') => `${count} ${unit}${count === 1 ? '' : 's'}`;
const keep = dataRetention;

export const privacyPolicy: LegalDocument = {
  path: paths.privacy,
  title: 'Privacy Policy',
  description: `What ${business.name} collects when you book, pay or follow a repair visit, why, how long we keep it, who sees it, and how to see or delete your data.`,
  keywords: 'privacy policy, appliance repair privacy, St Augustine Appliance Repair data, delete my data',
  heading: 'Privacy Policy',
  intro: `This page explains in plain words what ${business.name} knows about you, why, how long we keep it and who else sees it. The short version: we use your details to fix your appliances and to tell you about your appointments, and we never sell them or use them for advertising.`,
  sections: [
    {
      heading: 'What we collect',
      blocks: [
        {
          list: [
            'Your name and contact details: phone number and email address. If you create an account, also your password, which we store only in a scrambled form nobody can read back.',
            'The addresses where you want service.',
            'Details of your appliances and the work: the type and brand, the problem you describe, and what our technician found and did.',
            'Payment references: the amount, the date, what it paid for, the card brand and its last four digits, and the card processor’s reference. Your card number is entered into and held by Stripe, our card processor: it never reaches our systems.',
            'Where our technician is while driving to your visit: from the moment they set off until they arrive, so you can follow them on the tracking page. We never track your own location.',
            'Your choice about text messages: whether you agreed to them, the words you agreed to, and any STOP reply.',
            'What any website sees: your device’s internet address when you use our site or portal, and a sign-in cookie while you are signed in. We use no advertising or analytics trackers.',
          ],
        },
      ],
    },
    {
      heading: 'Why we collect it',
      blocks: [
        {
          list: [
            'To schedule, confirm and carry out your repair: to reach you, find your home and bring the right parts.',
            'To send you the messages about your appointment that you asked for: confirmations, reminders, on-my-way and running-late texts and receipts.',
            'To take payment and to keep the records that tax law and our repair warranty need.',
            'To keep your account and our systems safe, for example by limiting repeated sign-in attempts.',
          ],
        },
        'We do not use your information for advertising, and we do not build profiles of you.',
      ],
    },
    {
      heading: 'How long we keep it',
      blocks: [
        {
          list: [
            `Appointments and service history (your contact details, service address, appliance details and the work done): ${period(keep.serviceRecordsYears, 'year')} after the visit, for warranty and tax records.`,
            `Payment references: ${period(keep.paymentRecordsYears, 'year')} after the payment, as tax records.`,
            `The text of the emails and text messages we send you: ${period(keep.messageBodiesDays, 'day')}. After that we keep only a note that a message of that kind went to you and whether it arrived, for ${period(keep.messageRecordsYears, 'year')}.`,
            `A technician’s positions on the way to your visit: ${period(keep.technicianPositionsDays, 'day')} after the visit.`,
            `Your agreement to text messages and any STOP reply: ${period(keep.smsConsentRecordsYears, 'year')} after the last text we sent you, so we can show what you agreed to.`,
            `Your customer account: until you ask us to delete it. We then delete it within ${period(keep.accountDeletionDays, 'day')}, keeping only the records above for their periods.`,
          ],
        },
      ],
    },
    {
      heading: 'Who we share it with',
      blocks: [
        'Nobody, for marketing. We never sell, rent or trade your information.',
        'Your mobile number and your agreement to texts are never shared with anyone. The only other company that sees your number is the text-message provider that carries our texts to your phone, and it may use it for nothing else.',
        'A few companies do work for us and see only what that work needs:',
        {
          list: [
            'Stripe, which takes card payments.',
            'Our text-message and email providers, which deliver our messages to you.',
            'The field-service software we keep work orders in, which also runs the work-order request form on our home page.',
            'The hosting company whose computers run our website and store our records.',
            'The map service (OpenStreetMap) that draws the tracking page’s map: your browser fetches the map pictures from it directly.',
          ],
        },
        'We give information to the authorities only when the law requires it.',
      ],
    },
    {
      heading: 'Seeing, correcting or deleting your data',
      blocks: [
        `Sign in to the [customer portal](${portalUrls.login}) to see your account details, your appointments and your service history, and to reschedule or cancel an appointment.`,
        `To correct or delete anything, or for a copy of everything we hold about you, call us at ${phoneLink} or email ${emailLink}. We answer within ${period(keep.dataRequestAnswerDays, 'day')}, and we may first ask you to confirm who you are.`,
        `To stop our text messages, reply STOP to any of them; our [SMS terms](${paths.smsTerms}) say more.`,
      ],
    },
    {
      heading: 'Children',
      blocks: ['Our services are for adults. We do not knowingly collect information about children under 13.'],
    },
    {
      heading: 'Changes and questions',
      blocks: [
        'When we change this policy we update this page and its date at the top.',
        `Questions about your information? Call ${phoneLink}, email ${emailLink}, or write to ${business.name}, ${addressLine}.`,
      ],
    },
  ],
};

export const smsTerms: LegalDocument = {
  path: paths.smsTerms,
  title: 'SMS Terms',
  description: `The text messages ${business.name} sends about your appointment: what they are, how often they come, and how to stop them (STOP) or get help (HELP).`,
  keywords: 'SMS terms, text message terms, appointment reminders, St Augustine Appliance Repair texts, STOP, HELP',
  heading: 'SMS Terms',
  intro: `When you tick “Text me about this appointment” while booking, ${business.name} sends text messages about that appointment to the phone number you gave. These terms explain what we send and how to stop it.`,
  sections: [
    {
      heading: 'What we send',
      blocks: [
        {
          list: [
            'A confirmation when you book, and a notice if your appointment is moved or cancelled.',
            'Reminders: the evening before your visit and a couple of hours before it. Reply C to the evening one to confirm your visit, or R and we call you back.',
            '“On my way” and arrival texts when your technician sets off and arrives, and a text if they will arrive after your arrival window, with a link to follow them.',
            'A receipt when you pay.',
          ],
        },
        'We never send marketing or promotional texts.',
      ],
    },
    {
      heading: 'How often',
      blocks: ['Message frequency varies: a handful of texts per appointment, usually five to seven, and none between appointments.'],
    },
    {
      heading: 'Stopping texts',
      blocks: [
        'Reply STOP to any of our texts and we stop texting you. You get one last text saying so, and nothing after it. Reply START to get our texts again.',
        'Emails about your appointment carry on; they are how we keep you informed without texts.',
      ],
    },
    {
      heading: 'Help',
      blocks: [`Reply HELP to any of our texts for help, or call us at ${phoneLink} or email ${emailLink}.`],
    },
    {
      heading: 'Costs',
      blocks: ['Message and data rates may apply, as your mobile plan sets them. We charge nothing for our texts.'],
    },
    {
      heading: 'Your choice',
      blocks: [
        'Agreeing to texts is not a condition of any purchase: you can book and be served exactly the same without them.',
        'Mobile carriers are not liable for delayed or undelivered messages.',
      ],
    },
    {
      heading: 'Your privacy',
      blocks: [`Your mobile number and your agreement to texts are never shared for marketing, or with anyone but the provider that delivers our texts. Our [Privacy Policy](${paths.privacy}) explains what we keep and for how long.`],
    },
    {
      heading: 'Contact',
      blocks: [`${business.name}, ${addressLine}. Phone ${phoneLink}, email ${emailLink}.`],
    },
  ],
};
