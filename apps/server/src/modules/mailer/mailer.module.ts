import type { FastifyInstance } from 'fastify';
import type { Config, OutboxAccess } from '../../config/env';
import type { Db } from '../../db/client';
import { registerDevOutboxRoutes } from './dev-outbox.routes';
import { createOutboxMailer, createSmtpMailer } from './mailer';
import { createOutboxRepository, type OutboxRepository } from './outbox.repository';

/** SMTP when SMTP_URL is set, else the local outbox table (shown at /dev/mailbox). */
export function createMailer(deps: { db: Db; config: Config }) {
  const outbox = createOutboxRepository(deps.db);
  const mailer = deps.config.SMTP_URL
    ? createSmtpMailer(deps.config.SMTP_URL, deps.config.MAIL_FROM)
    : createOutboxMailer(outbox);
  return { mailer, outbox };
}

export function registerMailer(
  app: FastifyInstance,
  deps: { outboxAccess: OutboxAccess; outbox: OutboxRepository },
) {
  registerDevOutboxRoutes(app, { access: deps.outboxAccess, outbox: deps.outbox });
}
