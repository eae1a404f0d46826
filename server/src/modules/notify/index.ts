/** The notify module's public surface: the e-mail codes other modules check, and the mailers app.ts builds. */
export { checkCode, consumeCode, PURPOSE } from './service';
export { OutboxMailer, SmtpMailer } from './mailer';
export type { Mail, Mailer, SmsProvider } from './mailer';
