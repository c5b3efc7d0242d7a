import nodemailer from 'nodemailer';
import type { createOutboxRepository } from './outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where mail goes: a real SMTP server, or the local outbox shown at /dev/mailbox. */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** True when the SMTP server answers (always true for the outbox). */
  verify(): Promise<boolean>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    mode: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async verify() {
      try {
        return await transport.verify();
      } catch {
        return false;
      }
    },
    close() {
      transport.close();
    },
  };
}

export function createOutboxMailer(outbox: ReturnType<typeof createOutboxRepository>): Mailer {
  return {
    mode: 'outbox',
    async send(message) {
      await outbox.insert(message);
    },
    verify: () => Promise.resolve(true),
    close: () => undefined,
  };
}
