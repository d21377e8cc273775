import nodemailer from 'nodemailer';
import type { NotificationsEnv } from '../env.ts';

export type OutgoingEmail = {
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: string; contentType: string }[];
  /** A one-click unsubscribe URL (RFC 8058), sent as List-Unsubscribe with List-Unsubscribe-Post; none for a message always sent. */
  listUnsubscribe?: string;
  /** The envelope sender (Return-Path), where bounces go: the message's signed bounce address when bounces are heard. */
  returnPath?: string;
};

export type Mailer = {
  /** Sends one email; resolves with the relay's id for it, rejects with a `MailerError` when it was not accepted. */
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
  close(): void;
};

/** Why an email was not accepted; `permanent` when the relay refused it for good (a 5xx on the recipient or message). */
export class MailerError extends Error {
  constructor(message: string, readonly permanent: boolean) {
    super(message);
    this.name = 'MailerError';
  }
}

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

/** The relay's own id from its answer ("250 2.0.0 Ok: queued as 4Bx9…"), or the answer itself. */
function providerIdOf(response: string, fallback: string): string {
  const queued = /queued as\s+([^\s>]+)/i.exec(response)?.[1];
  return (queued ?? (response.trim() || fallback)).slice(0, 200);
}

/** nodemailer's DKIM signing options from SMTP_DKIM_* (the schema has all three or none); undefined when none is set. */
export function dkimOptions(env: Pick<NotificationsEnv, 'SMTP_DKIM_DOMAIN' | 'SMTP_DKIM_SELECTOR' | 'SMTP_DKIM_PRIVATE_KEY'>) {
  if (!env.SMTP_DKIM_DOMAIN || !env.SMTP_DKIM_SELECTOR || !env.SMTP_DKIM_PRIVATE_KEY) return undefined;
  return { domainName: env.SMTP_DKIM_DOMAIN, keySelector: env.SMTP_DKIM_SELECTOR, privateKey: env.SMTP_DKIM_PRIVATE_KEY };
}

/**
 * Email over SMTP with nodemailer: one pooled transport (a few connections kept open to the relay and reused),
 * configured by SMTP_*. Timeouts are short (SMTP_TIMEOUT_MS): a relay that does not answer fails the attempt, and the
 * send job retries it. With SMTP_DKIM_* set, nodemailer signs each email (DKIM-Signature, rsa-sha256, relaxed
 * canonicalisation) as it leaves, so a retried or resent email is signed again as it is sent.
 */
export function smtpMailer(env: NotificationsEnv): Mailer {
  const dkim = dkimOptions(env);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: env.SMTP_MAX_CONNECTIONS,
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE === 'true',
    ...(env.SMTP_USER && env.SMTP_PASSWORD ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASSWORD } } : {}),
    connectionTimeout: env.SMTP_TIMEOUT_MS,
    greetingTimeout: env.SMTP_TIMEOUT_MS,
    socketTimeout: env.SMTP_TIMEOUT_MS,
    ...(dkim ? { dkim } : {}),
  });
  return {
    async send(email) {
      try {
        const { listUnsubscribe, returnPath, ...mail } = email;
        const headers = listUnsubscribe ? { 'List-Unsubscribe': `<${listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
        const envelope = returnPath ? { envelope: { from: returnPath, to: mail.to } } : {};
        const info = await transport.sendMail({ from: env.SMTP_FROM, ...mail, headers, ...envelope });
        if (info.accepted.length === 0) throw new MailerError(`the relay accepted no recipient: ${info.response}`, true);
        return { providerMessageId: providerIdOf(info.response, info.messageId) };
      } catch (err) {
        if (err instanceof MailerError) throw err;
        const smtp = err as SmtpError;
        // A 5xx about the recipient or the message will not change on a retry; anything else (no connection, a
        // timeout, a 4xx, a refused login) may.
        const permanent = (smtp.code === 'EENVELOPE' || smtp.code === 'EMESSAGE') && (smtp.responseCode ?? 0) >= 500;
        throw new MailerError(`${smtp.code ?? 'ERROR'}: ${smtp.response ?? smtp.message}`.slice(0, 500), permanent);
      }
    },
    close: () => transport.close(),
  };
}
