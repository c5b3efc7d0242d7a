import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROCESS_TIMEOUT, startServer, tempDataDir } from './processes';

// Production without SMTP would leave people without reset links, or hand every account to
// whoever reads the outbox: the server must say so and not start (issue 16, item 1).
describe('production without SMTP_URL', { timeout: PROCESS_TIMEOUT }, () => {
  it('refuses to start, saying how to set SMTP_URL', async () => {
    const dataDir = tempDataDir();
    try {
      const server = await startServer(
        { NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_URL: 'https://kaleido.example' },
        { waitUntilReady: false },
      );
      expect(await server.exited).toMatchObject({ code: 1 });
      expect(server.output.stderr).toContain(
        'kaleido: SMTP_URL is required when NODE_ENV=production',
      );
      expect(server.output.stderr).toContain('Set SMTP_URL=smtp://user:password@host:587');
      expect(server.output.stderr).toContain('only the recipient may read those links');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses MAIL_OUTBOX=admin, which handed admins every reset link (decision 041)', async () => {
    const dataDir = tempDataDir();
    try {
      const server = await startServer(
        { NODE_ENV: 'production', DATA_DIR: dataDir, MAIL_OUTBOX: 'admin' },
        { waitUntilReady: false },
      );
      expect(await server.exited).toMatchObject({ code: 1 });
      expect(server.output.stderr).toContain('MAIL_OUTBOX was removed');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
