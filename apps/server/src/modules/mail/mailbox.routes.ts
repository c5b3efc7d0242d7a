import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { escapeHtml } from './mail-templates';
import type { Mailer } from './mailer';
import type { createOutboxRepository } from './outbox.repository';

const SHOWN = 200;

/**
 * The local outbox, like Supabase's local inbox: only when no SMTP server is configured, so a
 * production install never exposes mail on a public page.
 */
export function registerMailboxRoutes(
  app: FastifyInstance,
  deps: { mailer: Mailer; outbox: ReturnType<typeof createOutboxRepository> },
) {
  const enabled = deps.mailer.mode === 'outbox';

  app.get('/api/dev/mailbox', async () => {
    if (!enabled) throw notFound();
    const rows = await deps.outbox.listNewestFirst(SHOWN);
    return {
      messages: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });

  // A stylesheet of its own: the CSP forbids inline styles in <style> elements.
  app.get('/dev/mailbox.css', async (_request, reply) => {
    if (!enabled) throw notFound();
    return reply.type('text/css').send(MAILBOX_CSS);
  });

  app.get('/dev/mailbox', async (_request, reply) => {
    if (!enabled) throw notFound();
    const rows = await deps.outbox.listNewestFirst(SHOWN);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return renderMailbox(rows);
  });
}

function renderMailbox(
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

export const MAILBOX_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f7fb;color:#1f2330}
main{max-width:760px;margin:0 auto;padding:2rem 1rem}
article{background:#fff;border:1px solid #e2e5ee;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}pre{white-space:pre-wrap;font:inherit}a{color:#4f46e5}.empty{color:#667}`;
