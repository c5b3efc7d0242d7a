import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PNG, uploadAvatar } from '../../../test/fixtures/profile.fixtures';

let app: TestApp;
let origin: string;
beforeAll(async () => {
  app = await createTestApp();
  // A real socket: a broken archive shows as a reset connection, which inject would not show.
  origin = await app.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
});

describe('export.zip when storage has lost a file', () => {
  it('completes the archive and lists the missing file in missing-files.json', async () => {
    const { client } = await signedInClient(app);
    const uploaded = await uploadAvatar(app, client, PNG);
    const fileId = uploaded
      .json<{ values: { avatar_url: string } }>()
      .values.avatar_url.split('/')
      .at(-1);
    const row = await app.files.find(fileId ?? '');
    if (!row) throw new Error('no avatar row');
    rmSync(join(app.config.DATA_DIR, 'files', row.storageKey));

    const response = await fetch(`${origin}/api/account/export.zip`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.status).toBe(200);
    // Before: the body ended in a reset connection ("terminated") and a truncated zip.
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(entries);
    expect(
      names.some((name) => name.endsWith('.json') && name.startsWith('user-data-export-')),
    ).toBe(true);
    expect(names).not.toContain(`files/avatar/${row.id}-me.png`);
    const manifest = JSON.parse(
      Buffer.from(entries['missing-files.json'] ?? []).toString('utf8'),
    ) as { message: string; files: { name: string; reason: string }[] };
    expect(manifest.files).toEqual([
      { name: `files/avatar/${row.id}-me.png`, reason: 'The file is missing from storage.' },
    ]);
  });
});
