import nodemailer from 'nodemailer';
import type { MailKind } from '@kaleido/shared/admin/admin.schemas';
import type { OutboxRepository } from './outbox.repository';

export interface MailMessage {
  /** What the mail is, never what it says: all the console's outbox shows besides `to`. */
  kind: MailKind;
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
  /** Waits for mail being sent (up to `SHUTDOWN_WAIT_MS`), then lets go of the connection. */
  close(): Promise<void>;
}

const SHUTDOWN_WAIT_MS = 10_000;

/**
 * Keeps track of sends in flight, so that shutting down does not drop a reset link or a
 * notification that was already on its way (requests answer before their mail is sent).
 */
function inFlight() {
  const sending = new Set<Promise<unknown>>();
  return {
    track<T>(send: Promise<T>): Promise<T> {
      sending.add(send);
      void send.catch(() => undefined).finally(() => sending.delete(send));
      return send;
    },
    async settle() {
      if (sending.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)));
      await Promise.race([Promise.allSettled([...sending]), timeout]);
      clearTimeout(timer);
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const sends = inFlight();
  return {
    mode: 'smtp',
    async send({ kind: _kind, ...message }) {
      await sends.track(transport.sendMail({ from, ...message }));
    },
    async verify() {
      try {
        return await transport.verify();
      } catch {
        return false;
      }
    },
    async close() {
      await sends.settle();
      transport.close();
    },
  };
}

export function createOutboxMailer(outbox: OutboxRepository): Mailer {
  const sends = inFlight();
  return {
    mode: 'outbox',
    async send(message) {
      await sends.track(outbox.insert(message));
    },
    verify: () => Promise.resolve(true),
    close: () => sends.settle(),
  };
}
