import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  purpose: string;
}

export interface Mailer {
  transport: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Sends mail over SMTP when `SMTP_URL` is set; otherwise keeps it in the dev outbox (the `mail_outbox`
 * table, readable by an admin) and prints it to the log, so a fresh install can still register.
 * SMTP mail is recorded without its body: codes are not kept in clear where real mail goes out.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  /** How long a connection, greeting or silence of the SMTP server may last before a mail fails. */
  smtpTimeoutMs?: number;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const { db, log } = opts;
  const timeout = opts.smtpTimeoutMs ?? 10_000;
  let transporter: Transporter | null = null;
  // A mail server that hangs must not hold a sign-up or reset for nodemailer's default two minutes.
  if (opts.smtpUrl)
    transporter = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(mail) {
      if (!transporter) {
        await db.insert(mailOutbox).values({ ...mail, transport: 'outbox' });
        log.info({ to: mail.to, subject: mail.subject, purpose: mail.purpose }, `dev outbox:\n${mail.text}`);
        return;
      }
      try {
        await transporter.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
        await db.insert(mailOutbox).values({ ...mail, text: '(sent over SMTP)', transport: 'smtp' });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await db
          .insert(mailOutbox)
          .values({ ...mail, text: '(not sent)', transport: 'smtp', error: message });
        log.error({ err, to: mail.to }, 'SMTP delivery failed');
        throw err;
      }
    },
    close() {
      transporter?.close();
    },
  };
}
