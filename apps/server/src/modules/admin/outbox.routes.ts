import type { FastifyInstance } from 'fastify';
import type { OutboxPage } from '@kaleido/shared/admin/admin.schemas';
import type { OutboxRepository } from '../mailer/outbox.repository';
import { adminOnly, type AdminGate } from './admin-access';
import type { AuditService } from './audit.service';

const SHOWN = 200;

/**
 * The console's outbox: that a mail went out, to whom, of which kind and when — never its
 * subject, text or link (chat words, reset and verification tokens; issue 24 item 3, probe N3).
 * Admins in the admin interface only (the console's gate), and every read is audited, even with
 * the audit log switched off: reading where people's mail goes is not the admin's to hide.
 */
export function registerAdminOutboxRoutes(
  app: FastifyInstance,
  deps: {
    outbox: Pick<OutboxRepository, 'listSentNewestFirst'>;
    mode: OutboxPage['mode'];
    audit: AuditService;
    requireAdmin: AdminGate;
  },
) {
  app.get('/api/admin/outbox', adminOnly(deps.requireAdmin), async (request, reply) => {
    const { user } = await deps.requireAdmin(request);
    const rows = await deps.outbox.listSentNewestFirst(SHOWN);
    // Recorded before anything is shown: no read goes unrecorded.
    await deps.audit.record({
      actorId: user.id,
      action: 'admin.outbox_read',
      details: { shown: rows.length },
      force: true,
    });
    reply.header('cache-control', 'no-store');
    const page: OutboxPage = {
      mode: deps.mode,
      messages: rows.map((m) => ({
        id: m.id,
        to: m.to,
        kind: m.kind,
        createdAt: m.createdAt.toISOString(),
      })),
    };
    return page;
  });
}
