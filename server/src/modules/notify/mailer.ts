/**
 * Outgoing e-mail and SMS. E-mail goes through SMTP (nodemailer) when SMTP_URL is set; otherwise every message is
 * kept in a development outbox table, listed at GET /dev/outbox outside production. SMS has a provider interface;
 * none is configured in this build, so SMS sending answers "not available".
 */
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { DB } from '../../storage/db';

export type Mail = { to: string; subject: string; text: string };

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
  ) {}
  async send(mail: Mail): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({ to_addr: mail.to, subject: mail.subject, body_text: mail.text, created_at: this.now() })
      .execute();
  }
  async close(): Promise<void> {}
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
  async close(): Promise<void> {
    this.transport.close();
  }
}
