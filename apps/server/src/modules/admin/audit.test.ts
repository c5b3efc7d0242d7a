import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@kaleido/shared/admin/admin.schemas';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { person, type Person } from '../../../test/fixtures/chat-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { careAccessLog } from '../../db/schema/care';

let app: TestApp;
let admin: Person;
let subject: Person;

beforeAll(async () => {
  app = await createTestApp();
  [admin, subject] = await Promise.all([consoleAdmin(app), person(app, 'Audit Subject')]);
});
afterAll(async () => {
  await app.close();
});

describe('audit log', () => {
  it('shows admin actions and security events in one list, filtered and paged', async () => {
    await app.audit.record({
      actorId: admin.userId,
      action: 'admin.cohort_changed',
      targetUserId: subject.userId,
      details: { cohort: 'beta' },
    });
    const all = (
      await admin.client.get(`/api/admin/audit?userId=${subject.userId}`)
    ).json<AuditPage>();
    expect(all.entries.map((e) => e.source)).toEqual(expect.arrayContaining(['admin', 'security']));
    const adminOnly = (
      await admin.client.get(`/api/admin/audit?userId=${subject.userId}&source=admin`)
    ).json<AuditPage>();
    expect(adminOnly.total).toBe(1);
    expect(adminOnly.entries[0]).toMatchObject({
      action: 'admin.cohort_changed',
      actorEmail: admin.email,
      targetEmail: subject.email,
      details: { cohort: 'beta' },
    });
    const signIns = (
      await admin.client.get(
        `/api/admin/audit?q=${encodeURIComponent(subject.email)}&action=user_login`,
      )
    ).json<AuditPage>();
    expect(signIns.entries.length).toBeGreaterThan(0);
    expect(signIns.entries.every((e) => e.action === 'user_login')).toBe(true);
    const paged = (
      await admin.client.get(`/api/admin/audit?userId=${subject.userId}&pageSize=1&page=2`)
    ).json<AuditPage>();
    expect(paged.entries).toHaveLength(1);
    expect(paged.total).toBe(all.total);
  });

  it('exports CSV with the filters, and records the export', async () => {
    const response = await admin.client.get(`/api/admin/audit.csv?userId=${subject.userId}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'created_at,source,action,actor_id,actor_email,target_user_id,target_email,details',
    );
    expect(lines.some((l) => l.includes('"admin.cohort_changed"'))).toBe(true);
    const exports = (
      await admin.client.get(`/api/admin/audit?action=admin.audit_exported&userId=${admin.userId}`)
    ).json<AuditPage>();
    expect(exports.total).toBeGreaterThan(0);
  });

  it('has no route that changes or removes a row', () => {
    const writes = app.app.routeTable.filter(
      (r) => r.url.startsWith('/api/admin/audit') && r.method !== 'GET' && r.method !== 'HEAD',
    );
    expect(writes).toEqual([]);
  });

  it('keeps the rows when a named account is deleted, without the link to them', async () => {
    const leaving = await person(app, 'Leaving Person');
    await app.audit.record({
      actorId: admin.userId,
      action: 'admin.cohort_changed',
      targetUserId: leaving.userId,
      details: { cohort: 'research' },
    });
    const deleted = await leaving.client.post('/api/account/delete', {
      password: leaving.password,
    });
    expect(deleted.status, deleted.body).toBe(200);
    const rows = (
      await admin.client.get(
        `/api/admin/audit?source=admin&userId=${admin.userId}&action=admin.cohort_changed`,
      )
    ).json<AuditPage>();
    const kept = rows.entries.find((e) => e.details.cohort === 'research');
    expect(kept).toMatchObject({ targetUserId: null, targetEmail: null, actorId: admin.userId });
    expect(JSON.stringify(rows)).not.toContain(leaving.email);
  });

  it('shows professional access (who read what of whom) as its own source', async () => {
    const professional = await person(app, 'Reading Coach');
    // As the care policy writes it on every read of shared data.
    await app.database.db.insert(careAccessLog).values({
      personId: subject.userId,
      professionalId: professional.userId,
      professionalName: 'Reading Coach',
      what: 'mood_trend',
      itemCount: 3,
    });
    const page = (
      await admin.client.get(`/api/admin/audit?source=professional&userId=${subject.userId}`)
    ).json<AuditPage>();
    expect(page.entries).toEqual([
      expect.objectContaining({
        source: 'professional',
        action: 'care.read_mood_trend',
        actorEmail: professional.email,
        targetEmail: subject.email,
        details: { what: 'mood_trend', items: 3, reads: 1 },
      }),
    ]);
  });
});
