import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import { describe, expect, it } from 'vitest';
import { changedEvent, deliver, notificationsForTests, type TestSmtpServer } from './helpers.ts';

/**
 * DKIM on real SMTP: the emails the test relay receives are verified as a receiving server would (mailauth's
 * `dkimVerify`), over the bytes that arrived, with the key record looked up in a DNS that publishes only the test
 * key's record.
 */
const domain = 'staugustineappliancerepair.com';
const selector = 'mail2026';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** The TXT record the domain publishes for the selector: the public key (SubjectPublicKeyInfo, DER) in base64. */
const keyRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** DNS as the receiver sees it: the selector's key record, and no other name. */
async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === 'TXT' && name === `${selector}._domainkey.${domain}`) return [[keyRecord]];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

/** Each signature's verdict as the receiver reaches it (mailauth reports a body that no longer matches its hash as neutral: no valid signature). */
const verdicts = async (source: Buffer | string) =>
  (await dkimVerify(source, { resolver })).results.map((result) => ({ domain: result.signingDomain, selector: result.selector, result: result.status.result, comment: result.status.comment }));

/** The booking confirmation of `appointmentId` as the relay received it, once it has. */
async function confirmationSource(smtp: TestSmtpServer, appointmentId: number): Promise<string> {
  const messageId = `<appointment-${appointmentId}.booking-confirmation.v1@${domain}>`;
  await expect.poll(() => smtp.mails.filter((mail) => mail.messageId === messageId).length, { timeout: 20_000 }).toBe(1);
  return smtp.source(smtp.mails.find((mail) => mail.messageId === messageId)!).toString('utf8');
}

/** The message's header block and body (split at the first empty line). */
function split(source: string): { header: string; body: string } {
  const end = source.indexOf('\r\n\r\n');
  return { header: source.slice(0, end + 2), body: source.slice(end + 2) };
}

describe('with SMTP_DKIM_* set', () => {
  // The key as a one-line .env file carries it: its line breaks written as \n.
  const notifications = notificationsForTests({ SMTP_DKIM_DOMAIN: domain, SMTP_DKIM_SELECTOR: selector, SMTP_DKIM_PRIVATE_KEY: privatePem.trim().replaceAll('\n', '\\n') });

  it('signs every email for the domain with the selector, and the signature verifies against the published key', async () => {
    await deliver(notifications.service, changedEvent(1101, 1));
    const source = await confirmationSource(notifications.smtp, 1101);
    const signature = /^DKIM-Signature:(.*(?:\r\n[ \t].*)*)/im.exec(split(source).header)?.[1]?.replace(/\r\n[ \t]+/g, ' ');
    expect(signature).toMatch(/\ba=rsa-sha256;/);
    expect(signature).toMatch(new RegExp(`\\bd=${domain.replaceAll('.', '\\.')};`));
    expect(signature).toMatch(new RegExp(`\\bs=${selector};`));
    // The From, the Subject and the body are covered (h= names the headers signed).
    expect(signature).toMatch(/\bh=[^;]*\bFrom\b[^;]*;/i);
    expect(signature).toMatch(/\bh=[^;]*\bSubject\b[^;]*;/i);
    expect(await verdicts(source)).toEqual([{ domain, selector, result: 'pass', comment: undefined }]);
  });

  it('fails verification once the body or a signed header is changed on the way', async () => {
    await deliver(notifications.service, changedEvent(1102, 1));
    const { header, body } = split(await confirmationSource(notifications.smtp, 1102));
    // The confirmation code is in the body (the text and HTML parts); a relay rewriting it breaks the body hash.
    const tamperedBody = body.replaceAll('SA-T1102', 'SA-T6666');
    expect(tamperedBody).not.toBe(body);
    expect(await verdicts(header + tamperedBody)).toEqual([{ domain, selector, result: 'neutral', comment: 'body hash did not verify' }]);
    const tamperedHeader = header.replace(/^Subject: /im, 'Subject: URGENT ');
    expect(tamperedHeader).not.toBe(header);
    expect(await verdicts(tamperedHeader + body)).toEqual([{ domain, selector, result: 'fail', comment: 'bad signature' }]);
  });
});

describe('without SMTP_DKIM_*', () => {
  const notifications = notificationsForTests();

  it('sends the email unsigned', async () => {
    await deliver(notifications.service, changedEvent(1103, 1));
    const source = await confirmationSource(notifications.smtp, 1103);
    expect(split(source).header).not.toMatch(/^DKIM-Signature:/im);
    expect(await verdicts(source)).toEqual([{ domain: undefined, selector: undefined, result: 'none', comment: 'message not signed' }]);
  });
});
