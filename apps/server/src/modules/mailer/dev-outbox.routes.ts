import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OutboxAccess } from '../../config/env';
import { forbidden, notFound } from '../../http/errors';
import { escapeHtml } from './mail-templates';
import type { OutboxRepository } from './outbox.repository';

const SHOWN = 200;

export const OUTBOX_REFUSED_MESSAGE =
  'The local mailbox can only be read from this machine (127.0.0.1). Admins see that mail went out in the console.';

/**
 * The peer of the TCP connection, never X-Forwarded-For: a header anyone can send must not open
 * a page that holds every account's reset links. Behind a reverse proxy on the same machine every
 * request looks local, which is why production has no local outbox (config/env.ts).
 */
export function isLoopbackPeer(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  return peer === '::1' || /^(::ffff:)?127\./.test(peer);
}

/**
 * The local outbox, like Supabase's local inbox, where mail goes when SMTP_URL is unset: in
 * development and tests only (production needs SMTP_URL). It holds every verification and reset
 * link, so only the developer's own browser reads it — never a session, an admin's included: the
 * console shows admins that mail went out, without its words (admin/outbox.routes.ts).
 */
export function registerDevOutboxRoutes(
  app: FastifyInstance,
  deps: { access: OutboxAccess; outbox: OutboxRepository },
) {
  function assertMayRead(request: FastifyRequest) {
    if (deps.access === 'none') throw notFound();
    if (!isLoopbackPeer(request)) throw forbidden(OUTBOX_REFUSED_MESSAGE, 'FORBIDDEN');
  }

  app.get('/api/dev/mailbox', async (request, reply) => {
    assertMayRead(request);
    const rows = await deps.outbox.listNewestFirst(SHOWN);
    reply.header('cache-control', 'no-store');
    return {
      messages: rows.map((m) => ({
        id: m.id,
        to: m.to,
        kind: m.kind,
        subject: m.subject,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });

  // A stylesheet of its own: the CSP forbids inline styles in <style> elements. Nothing secret.
  app.get('/dev/mailbox.css', async (_request, reply) => {
    if (deps.access === 'none') throw notFound();
    return reply.type('text/css').send(DEV_OUTBOX_CSS);
  });

  app.get('/dev/mailbox', async (request, reply) => {
    assertMayRead(request);
    const rows = await deps.outbox.listNewestFirst(SHOWN);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return renderDevOutbox(rows);
  });
}

function renderDevOutbox(
  rows: { id: string; to: string; subject: string; text: string; createdAt: Date }[],
): string {
  const items = rows
    .map(
      (m) => `<article>
  <header><h2>${escapeHtml(m.subject)}</h2>
  <p>To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.createdAt.toISOString()}">${m.createdAt.toUTCString()}</time></p></header>
  <pre>${linkify(escapeHtml(m.text))}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kaleido · Local mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/dev/mailbox.css"></head>
<body><main>
<h1>Local mailbox</h1>
<p>No SMTP server is configured, so Kaleido keeps outgoing mail here, newest first. Set SMTP_URL to send real mail.</p>
${rows.length === 0 ? '<p class="empty">No messages yet.</p>' : items}
</main></body></html>`;
}

// Input is already escaped; URLs contain no escaped quotes, so the href stays well-formed.
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export const DEV_OUTBOX_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f7fb;color:#1f2330}
main{max-width:760px;margin:0 auto;padding:2rem 1rem}
article{background:#fff;border:1px solid #e2e5ee;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}pre{white-space:pre-wrap;font:inherit}a{color:#4f46e5}.empty{color:#667}`;
