import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVANCED_ANALYTICS_OFF_MESSAGE,
  AUDIO_INPUT_OFF_MESSAGE,
  DEFAULT_FEATURE_TOGGLES,
  type AuditPage,
} from '@kaleido/shared/admin/admin.schemas';
import type { SessionInfo } from '@kaleido/shared/auth/auth.schemas';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { setRole } from '../../../test/fixtures/accounts-fixtures';
import { PDF, person, upload, WEBM, type Person } from '../../../test/fixtures/chat-fixtures';
import { mailed, putDraft, replyDraft } from '../../../test/fixtures/email-fixtures';
import { waitFor } from '../../../test/fixtures/wait-for';
import { TestClient } from '../../../test/http-client';
import { multipart } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { GDPR_RETENTION_MESSAGE, HIPAA_IDLE_MINUTES } from './instance-settings.service';
import { RETENTION_KIND, RETENTION_HOUR_UTC } from './retention.service';

const DAY = 86_400_000;
let app: TestApp;
let admin: Person;
let otherAdmin: Person;

beforeAll(async () => {
  app = await createTestApp();
  [admin, otherAdmin] = await Promise.all([
    consoleAdmin(app, 'Settings Admin'),
    consoleAdmin(app, 'Other Admin'),
  ]);
});
afterAll(async () => {
  await app.close();
});

const change = (client: TestClient, body: unknown) =>
  client.request('PATCH', '/api/admin/settings', { body });

afterEach(async () => {
  await ensureSignedIn(admin);
  const reset = await change(admin.client, {
    system: { audit_logs: true, data_retention_days: 365, compliance_mode: 'standard' },
    features: DEFAULT_FEATURE_TOGGLES,
  });
  expect(reset.status, reset.body).toBe(200);
});

async function ensureSignedIn(caller: Person) {
  if ((await caller.client.loadSession()).user) return;
  caller.client.cookies.clear();
  const response = await caller.client.post('/api/auth/sign-in', {
    email: caller.email,
    password: caller.password,
  });
  expect(response.status, response.body).toBe(200);
  await caller.client.loadSession();
}

const voiceNote = (client: TestClient) =>
  client.upload(
    '/api/voice-notes',
    multipart(
      { title: 'note', durationMs: '1000' },
      { name: 'r.webm', type: 'audio/webm', data: WEBM },
    ),
  );

describe('instance settings', () => {
  it('are the instance’s: one admin’s System tab change is every admin’s', async () => {
    const saved = await admin.client.request('PATCH', '/api/settings/system_settings', {
      body: { data_retention_days: 90 },
    });
    expect(saved.status, saved.body).toBe(200);
    const seen = (await otherAdmin.client.get('/api/settings')).json<{
      system_settings: { data_retention_days: number };
    }>();
    expect(seen.system_settings.data_retention_days).toBe(90);
    const consoleView = (await otherAdmin.client.get('/api/admin/settings')).json<{
      system: { data_retention_days: number };
    }>();
    expect(consoleView.system.data_retention_days).toBe(90);
  });

  it('audit_logs off stops recording admin actions, never security events; the switch is recorded', async () => {
    await change(admin.client, { system: { audit_logs: false } });
    await app.audit.record({ actorId: admin.userId, action: 'admin.cohort_changed' });
    const someone = await person(app, 'Still Logged');
    const page = (
      await admin.client.get(`/api/admin/audit?userId=${admin.userId}&source=admin`)
    ).json<AuditPage>();
    expect(page.entries.map((e) => e.action)).not.toContain('admin.cohort_changed');
    expect(page.entries[0]).toMatchObject({
      action: 'admin.settings_changed',
      details: { changed: { audit_logs: { from: true, to: false } } },
    });
    const security = (
      await admin.client.get(`/api/admin/audit?userId=${someone.userId}&source=security`)
    ).json<AuditPage>();
    expect(security.entries.map((e) => e.action)).toContain('user_login');
  });

  it('audio input off refuses recordings with a clear message, and the web is told', async () => {
    const speaker = await person(app, 'Speaker');
    expect((await voiceNote(speaker.client)).status).toBe(201);
    await change(admin.client, { features: { audio_input: false } });
    const refused = await voiceNote(speaker.client);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ message: AUDIO_INPUT_OFF_MESSAGE, code: 'FEATURE_OFF' });
    const journalVoice = await speaker.client.upload(
      '/api/journal/voice-entries',
      multipart({ title: 'v' }, { name: 'r.webm', type: 'audio/webm', data: WEBM }),
    );
    expect(journalVoice.status).toBe(403);
    const features = (await new TestClient(app.app).get('/api/instance/features')).json<{
      features: Record<string, boolean>;
    }>();
    expect(features.features).toMatchObject({ audio_input: false, video_input: false });
  });
});

describe('analysis toggles', () => {
  it('advanced analytics off refuses the insight reads; the web is told', async () => {
    const reader = await person(app, 'Insight Reader');
    expect((await reader.client.get('/api/insights')).status).toBe(200);
    await change(admin.client, { features: { advanced_analytics: false } });
    const refused = await reader.client.get('/api/insights');
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({
      message: ADVANCED_ANALYTICS_OFF_MESSAGE,
      code: 'FEATURE_OFF',
    });
    expect((await reader.client.get('/api/insights/personality')).status).toBe(403);
    const features = (await new TestClient(app.app).get('/api/instance/features')).json<{
      features: Record<string, boolean>;
    }>();
    expect(features.features.advanced_analytics).toBe(false);
  });

  it('real-time analysis off: what is saved is not queued for analysis', async () => {
    const writer = await person(app, 'Quiet Writer');
    const queued = async () => {
      const result = await app.database.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'analysis' and payload->>'userId' = ${writer.userId}`,
      );
      return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    };
    await change(admin.client, { features: { realtime_analysis: false } });
    const entry = { title: 'off', content: 'written while analysis is off' };
    expect((await writer.client.post('/api/journal/entries', entry)).status).toBe(201);
    await change(admin.client, { features: { realtime_analysis: true } });
    const later = { title: 'on', content: 'written while analysis is on' };
    expect((await writer.client.post('/api/journal/entries', later)).status).toBe(201);
    await waitFor(async () => (await queued()) >= 1, 'the analysis job is queued');
    // Only the entry written with analysis on was queued.
    expect(await queued()).toBe(1);
  });
});

describe('compliance modes', () => {
  it('hipaa: a shorter idle timeout, and two-factor required of clients and admins only', async () => {
    const [user, client] = await Promise.all([
      person(app, 'Hipaa User'),
      person(app, 'Hipaa Coach'),
    ]);
    await setRole(app, client.userId, 'client');
    expect((await change(admin.client, { system: { compliance_mode: 'hipaa' } })).status).toBe(200);
    const info = await user.client.loadSession();
    expect(info.idleTimeoutMinutes).toBe(HIPAA_IDLE_MINUTES);
    expect((await user.client.get('/api/journal/entries')).status).toBe(200);
    const refused = await client.client.get('/api/journal/entries');
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    // Setting it up stays possible: the session and the auth routes answer.
    expect((await client.client.get('/api/session')).json<SessionInfo>().user?.id).toBe(
      client.userId,
    );
    await app.database.db.execute(
      sql`update users set two_factor_enabled = true where id = ${client.userId}`,
    );
    expect((await client.client.get('/api/journal/entries')).status).toBe(200);
    // The admin too: without two-factor even the console refuses them.
    expect((await change(admin.client, { system: { compliance_mode: 'standard' } })).status).toBe(
      403,
    );
    const setTwoFactor = (on: boolean) =>
      app.database.db.execute(
        sql`update users set two_factor_enabled = ${on} where id = ${admin.userId}`,
      );
    await setTwoFactor(true);
    expect((await change(admin.client, { system: { compliance_mode: 'standard' } })).status).toBe(
      200,
    );
    await setTwoFactor(false);
  });

  it('gdpr: retention is required to be at most three years', async () => {
    const refused = await change(admin.client, {
      system: { compliance_mode: 'gdpr', data_retention_days: 3650 },
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ message: GDPR_RETENTION_MESSAGE });
    expect((await change(admin.client, { system: { compliance_mode: 'gdpr' } })).status).toBe(200);
    const longer = await change(admin.client, { system: { data_retention_days: 2000 } });
    expect(longer.status).toBe(400);
  });

  it('research: research export is enabled only in research mode', async () => {
    expect(await app.instanceSettings.researchExportEnabled()).toBe(false);
    await change(admin.client, { system: { compliance_mode: 'research' } });
    expect(await app.instanceSettings.researchExportEnabled()).toBe(true);
  });
});

describe('data retention', () => {
  it('is a daily job at the retention hour', async () => {
    const result = await app.database.db.execute(
      sql`select run_at from jobs where kind = ${RETENTION_KIND} and status = 'queued'`,
    );
    const rows = (result as { rows: { run_at: string | Date }[] }).rows;
    expect(rows).toHaveLength(1);
    const runAt = new Date(rows[0]?.run_at ?? 0);
    expect(runAt.getUTCHours()).toBe(RETENTION_HOUR_UTC);
    expect(runAt.getTime() - app.clock.now().getTime()).toBeLessThanOrEqual(DAY);
  });

  it('the dry run counts exactly what the run then deletes, and the job deletes the rest', async () => {
    const writer = await person(app, 'Old Writer');
    for (const title of ['one', 'two'])
      expect(
        (await writer.client.post('/api/journal/entries', { title, content: 'old words' })).status,
      ).toBe(201);
    expect((await voiceNote(writer.client)).status).toBe(201);
    expect((await change(admin.client, { system: { data_retention_days: 3 } })).status).toBe(200);

    app.clock.advance(4 * DAY);
    await ensureSignedIn(admin);
    const preview = (await admin.client.get('/api/admin/retention/preview')).json<{
      counts: Record<string, number>;
    }>();
    expect(preview.counts.journal_entries).toBeGreaterThanOrEqual(2);
    expect(preview.counts.voice_notes).toBeGreaterThanOrEqual(1);
    expect(preview.counts.files).toBeGreaterThanOrEqual(1);
    const previewedAt = new Date(app.clock.now().getTime() - 1000).toISOString();
    const run = await admin.client.post('/api/admin/retention/run');
    expect(run.status, run.body).toBe(200);
    const ran = run.json<{ counts: Record<string, number> }>().counts;
    // The daily job is due too (the clock passed 03:00) and may run first: runs are serialised,
    // so between them they delete exactly what the dry run counted.
    const scheduled = (
      await admin.client.get(
        `/api/admin/audit?action=admin.retention_run&source=admin&from=${encodeURIComponent(previewedAt)}`,
      )
    )
      .json<AuditPage>()
      .entries.filter((e) => e.details.scheduled === true)
      .map((e) => (e.details as { counts: Record<string, number> }).counts);
    const deleted = Object.fromEntries(
      Object.keys(preview.counts).map((key) => [
        key,
        (ran[key] ?? 0) + scheduled.reduce((n, counts) => n + (counts[key] ?? 0), 0),
      ]),
    );
    expect(deleted).toEqual(preview.counts);
    const after = (await admin.client.get('/api/admin/retention/preview')).json<{
      counts: Record<string, number>;
    }>();
    expect(Object.values(after.counts).every((n) => n === 0)).toBe(true);
    const audit = (
      await admin.client.get(`/api/admin/audit?action=admin.retention_run&userId=${admin.userId}`)
    ).json<AuditPage>();
    expect(audit.entries[0]?.details).toMatchObject({ counts: ran });

    // New content, then the scheduled run: the clock passes the retention hour and the job runs.
    const fresh = await ensureWriter(writer);
    expect(
      (await fresh.post('/api/journal/entries', { title: 'later', content: 'later words' })).status,
    ).toBe(201);
    app.clock.advance(4 * DAY);
    await waitFor(async () => {
      const left = await app.database.db.execute(
        sql`select count(*)::int as n from journal_entries where user_id = ${writer.userId}`,
      );
      return (left as { rows: { n: number }[] }).rows[0]?.n === 0;
    }, 'the scheduled retention run');
  });
  it('mail: old copies go; a message goes with its files when every copy has (dry run = run)', async () => {
    expect((await change(admin.client, { system: { data_retention_days: 3 } })).status).toBe(200);
    // The daily run would fire as the clock moves days on: hold it back, so only the admin's
    // runs delete here and each is compared with its own dry run.
    await waitFor(async () => {
      const result = await app.database.db.execute(
        sql`select status from jobs where kind = ${RETENTION_KIND} and status in ('queued', 'running')`,
      );
      const rows = (result as { rows: { status: string }[] }).rows;
      return rows.length === 1 && rows[0]?.status === 'queued';
    }, 'the daily run settled');
    await app.database.db.execute(
      sql`update jobs set run_at = run_at + interval '100 days' where kind = ${RETENTION_KIND} and status = 'queued'`,
    );
    const [ada, bo, cy] = await Promise.all([
      person(app, 'Ada Mailer'),
      person(app, 'Bo Mailer'),
      person(app, 'Cy Mailer'),
    ]);
    const withFile = randomUUID();
    await putDraft(ada, withFile, { to: [bo.email], subject: 'Old file', content: 'attached' });
    const uploaded = await upload(app, ada.client, `/api/email/drafts/${withFile}/attachments`, {
      filename: 'old.pdf',
      contentType: 'application/pdf',
      data: PDF,
    });
    expect(uploaded.status).toBe(201);
    const { attachment } = uploaded.json() as { attachment: { id: string; url: string } };
    expect((await ada.client.post(`/api/email/drafts/${withFile}/send`, {})).status).toBe(201);
    const plain = await mailed(ada, { to: [bo.email], subject: 'Old plain', content: 'hello' });

    // Two days on, Bo forwards the file to Cy: that message (and the file it carries) is newer.
    app.clock.advance(2 * DAY);
    await ensureSignedIn(bo);
    const forward = await replyDraft(bo, withFile, 'forward');
    expect(
      (await bo.client.post(`/api/email/drafts/${forward.id}/send`, { to: [cy.email] })).status,
    ).toBe(201);

    app.clock.advance(2 * DAY);
    const first = await previewThenRun();
    expect(first.preview.mail_copies).toBeGreaterThanOrEqual(4); // Ada's sent, Bo's inbox, ×2
    expect(first.preview.mail_messages).toBeGreaterThanOrEqual(2);
    expect(first.deleted).toEqual(first.preview);
    expect(await mailRows([withFile, plain.id, forward.id])).toEqual([forward.id]);
    expect(await fileRows(attachment.id)).toBe(1); // the forward still carries it
    await ensureSignedIn(cy);
    expect((await cy.client.get(attachment.url)).status).toBe(200);

    app.clock.advance(2 * DAY);
    const second = await previewThenRun();
    expect(second.preview.mail_messages).toBeGreaterThanOrEqual(1);
    expect(second.preview.files).toBeGreaterThanOrEqual(1);
    expect(second.deleted).toEqual(second.preview);
    expect(await mailRows([forward.id])).toEqual([]);
    expect(await fileRows(attachment.id)).toBe(0);
    await ensureSignedIn(cy);
    expect((await cy.client.get(attachment.url)).status).toBe(404);
    await app.database.db.execute(
      sql`update jobs set run_at = run_at - interval '100 days' where kind = ${RETENTION_KIND} and status = 'queued'`,
    );
  });
});

async function mailRows(ids: string[]) {
  const result = await app.database.db.execute(
    sql`select id from mail_messages where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return (result as { rows: { id: string }[] }).rows.map((r) => r.id);
}

async function fileRows(id: string) {
  const result = await app.database.db.execute(
    sql`select count(*)::int as n from files where id = ${id}`,
  );
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

/**
 * The dry run's counts, and what was then deleted: the admin's run plus any scheduled run that
 * the moved clock made due (runs are serialised, so between them they delete what was counted).
 */
async function previewThenRun() {
  await ensureSignedIn(admin);
  const preview = (await admin.client.get('/api/admin/retention/preview')).json<{
    counts: Record<string, number>;
  }>().counts;
  const previewedAt = new Date(app.clock.now().getTime() - 1000).toISOString();
  const run = await admin.client.post('/api/admin/retention/run');
  expect(run.status, run.body).toBe(200);
  const ran = run.json<{ counts: Record<string, number> }>().counts;
  const scheduled = (
    await admin.client.get(
      `/api/admin/audit?action=admin.retention_run&source=admin&from=${encodeURIComponent(previewedAt)}`,
    )
  )
    .json<AuditPage>()
    .entries.filter((e) => e.details.scheduled === true)
    .map((e) => (e.details as { counts: Record<string, number> }).counts);
  const deleted = Object.fromEntries(
    Object.keys(preview).map((key) => [
      key,
      (ran[key] ?? 0) + scheduled.reduce((n, counts) => n + (counts[key] ?? 0), 0),
    ]),
  );
  return { preview, deleted };
}

async function ensureWriter(writer: Person) {
  await ensureSignedIn(writer);
  return writer.client;
}
