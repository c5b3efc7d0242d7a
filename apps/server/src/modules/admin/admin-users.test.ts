import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISABLED_ACCOUNT_MESSAGE,
  LAST_ADMIN_MESSAGE,
  type AdminUserDetail,
  type AdminUserPage,
  type AuditPage,
} from '@kaleido/shared/admin/admin.schemas';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { STRONG_PASSWORD, uniqueEmail } from '../../../test/fixtures/accounts-fixtures';
import { person, type Person } from '../../../test/fixtures/chat-fixtures';
import { TestClient } from '../../../test/http-client';
import { listen, TestSocket } from '../../../test/test-socket';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let admin: Person;

beforeAll(async () => {
  app = await createTestApp();
  admin = await consoleAdmin(app, 'Users Admin');
});
afterAll(async () => {
  await app.close();
});

const actions = async (userId: string) =>
  (await admin.client.get(`/api/admin/audit?source=admin&userId=${userId}`))
    .json<AuditPage>()
    .entries.map((e) => e.action);

describe('users in the console', () => {
  it('lists with search, filters and pages; the admin view has facts, never content', async () => {
    const someone = await person(app, 'Findable Person');
    await someone.client.post('/api/journal/entries', { title: 'Secret', content: 'my words' });
    const found = (
      await admin.client.get(`/api/admin/users?q=${encodeURIComponent(someone.email)}&role=user`)
    ).json<AdminUserPage>();
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({ id: someone.userId, role: 'user', emailVerified: true });
    const admins = (await admin.client.get('/api/admin/users?role=admin')).json<AdminUserPage>();
    expect(admins.users.every((u) => u.role === 'admin')).toBe(true);
    const page = (
      await admin.client.get('/api/admin/users?pageSize=1&page=2')
    ).json<AdminUserPage>();
    expect(page.users).toHaveLength(1);
    const view = await admin.client.get(`/api/admin/users/${someone.userId}`);
    const detail = view.json<AdminUserDetail>();
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(detail.securityEvents.length).toBeGreaterThan(0);
    expect(view.body).not.toContain('my words');
  });

  it('changes a role (the person’s interface follows), audited; the last admin stays', async () => {
    const someone = await person(app, 'Promoted Person');
    const changed = await admin.client.request('PUT', `/api/admin/users/${someone.userId}/role`, {
      body: { role: 'client' },
    });
    expect(changed.status, changed.body).toBe(200);
    expect((await someone.client.loadSession()).role).toBe('client');
    expect(await actions(someone.userId)).toContain('admin.role_changed');

    // Only one admin in this instance: they cannot step down, be disabled or deleted.
    const demote = await admin.client.request('PUT', `/api/admin/users/${admin.userId}/role`, {
      body: { role: 'user' },
    });
    expect(demote.status).toBe(409);
    expect(demote.json()).toMatchObject({ message: LAST_ADMIN_MESSAGE, code: 'LAST_ADMIN' });
    // With a second admin, the first may step down.
    const second = await consoleAdmin(app, 'Second Admin');
    const stepDown = await second.client.request('PUT', `/api/admin/users/${admin.userId}/role`, {
      body: { role: 'admin' },
    });
    expect(stepDown.status).toBe(200);
    const lastDelete = await admin.client.request('DELETE', `/api/admin/users/${second.userId}`);
    expect(lastDelete.status).toBe(200);
    const selfDemote = await admin.client.request('PUT', `/api/admin/users/${admin.userId}/role`, {
      body: { role: 'client' },
    });
    expect(selfDemote.status).toBe(409);
  });

  it('disable signs the person out everywhere (sockets too) and refuses sign-in; enable lets them back', async () => {
    const someone = await person(app, 'Disabled Person');
    const socket = await TestSocket.open(await listen(app), someone.client);
    const disabled = await admin.client.post(`/api/admin/users/${someone.userId}/disable`);
    expect(disabled.status, disabled.body).toBe(200);
    expect((await someone.client.loadSession()).user).toBeNull();
    await socket.closed;
    const again = new TestClient(app.app, '10.9.9.9');
    const refused = await again.post('/api/auth/sign-in', {
      email: someone.email,
      password: someone.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({
      message: DISABLED_ACCOUNT_MESSAGE,
      code: 'ACCOUNT_DISABLED',
    });
    const list = (await admin.client.get('/api/admin/users?disabled=true')).json<AdminUserPage>();
    expect(list.users.map((u) => u.id)).toContain(someone.userId);
    expect((await admin.client.post(`/api/admin/users/${someone.userId}/enable`)).status).toBe(200);
    const back = await again.post('/api/auth/sign-in', {
      email: someone.email,
      password: someone.password,
    });
    expect(back.status, back.body).toBe(200);
    expect(await actions(someone.userId)).toEqual(
      expect.arrayContaining(['admin.account_disabled', 'admin.account_enabled']),
    );
  });

  it('forces sign-out, sets a cohort, creates a verified account and deletes one, each audited', async () => {
    const someone = await person(app, 'Cohort Person');
    expect((await admin.client.post(`/api/admin/users/${someone.userId}/sign-out`)).status).toBe(
      200,
    );
    expect((await someone.client.loadSession()).user).toBeNull();
    const cohort = await admin.client.request('PUT', `/api/admin/users/${someone.userId}/cohort`, {
      body: { cohort: 'research' },
    });
    expect(cohort.json()).toMatchObject({ cohort: 'research' });
    const research = (
      await admin.client.get('/api/admin/users?cohort=research')
    ).json<AdminUserPage>();
    expect(research.users.map((u) => u.id)).toEqual([someone.userId]);

    const email = uniqueEmail('made');
    const created = await admin.client.post('/api/admin/users', {
      email,
      fullName: 'Made By Admin',
      password: STRONG_PASSWORD,
      role: 'client',
    });
    expect(created.status, created.body).toBe(201);
    const made = new TestClient(app.app, '10.9.9.10');
    expect(
      (await made.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD })).status,
    ).toBe(200);
    // The administrator's password is temporary: the person must choose their own (issue 25).
    expect(await made.loadSession()).toMatchObject({
      role: 'client',
      passwordChangeRequired: true,
    });
    const changed = await made.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: `${STRONG_PASSWORD}-mine`,
    });
    expect(changed.status, changed.body).toBe(200);
    expect((await made.loadSession()).passwordChangeRequired).toBe(false);
    const duplicate = await admin.client.post('/api/admin/users', {
      email,
      fullName: 'Again',
      password: STRONG_PASSWORD,
    });
    expect(duplicate.status).toBe(409);

    const id = created.json<{ id: string }>().id;
    expect(await actions(id)).toContain('admin.account_created');
    expect((await admin.client.request('DELETE', `/api/admin/users/${id}`)).status).toBe(200);
    expect((await made.loadSession()).user).toBeNull();
    expect((await admin.client.get(`/api/admin/users/${id}`)).status).toBe(404);
    const deletions = (
      await admin.client.get(`/api/admin/audit?action=admin.account_deleted&userId=${admin.userId}`)
    ).json<AuditPage>();
    expect(deletions.entries[0]).toMatchObject({ targetUserId: null, details: { role: 'client' } });
  });
});

describe('overview and health', () => {
  it('counts what is there and reports the parts of the instance', async () => {
    const overview = (await admin.client.get('/api/admin/overview')).json<Record<string, number>>();
    expect(overview.totalUsers).toBeGreaterThanOrEqual(1);
    expect(overview.administrators).toBeGreaterThanOrEqual(1);
    expect(overview.pendingAccessRequests).toBe(0);
    expect(overview.activeSessions).toBeGreaterThan(0);
    expect(overview.jobsWaiting).toBeGreaterThanOrEqual(1); // the daily retention run
    const health = (await admin.client.get('/api/admin/health')).json<{
      database: { kind: string; migrationsApplied: number | null; sizeBytes: number | null };
      mail: { mode: string };
      requests: { total: number; errorRate: number };
      realtime: { connections: number };
      instances: number;
    }>();
    expect(health.database.migrationsApplied).toBeGreaterThan(10);
    expect(health.mail.mode).toBe('outbox');
    expect(health.requests.total).toBeGreaterThan(0);
    expect(health.realtime.connections).toBeGreaterThanOrEqual(0);
    expect(health.instances).toBe(1); // one instance, on either database
  });
});
