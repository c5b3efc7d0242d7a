import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettings } from '../../db/schema/settings';
import { setRole, signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { selectInterface } from '../../../test/fixtures/profile.fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

function patch(client: TestClient, section: string, body: unknown) {
  return client.request('PATCH', `/api/settings/${section}`, { body });
}

async function personAs(role: 'user' | 'client' | 'admin', selected?: 'user' | 'client' | 'admin') {
  const signedIn = await signedInClient(app);
  if (role !== 'user') await setRole(app, signedIn.userId, role);
  await signedIn.client.loadSession();
  if (selected) await selectInterface(signedIn.client, selected);
  return signedIn;
}

describe('settings defaults (SPEC §9) on first load', () => {
  it('creates the row with the spec defaults', async () => {
    const { client, userId } = await personAs('user');
    expect(
      await app.database.db.select().from(userSettings).where(eq(userSettings.userId, userId)),
    ).toHaveLength(0);
    const response = await client.get('/api/settings');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      profile_settings: { timezone: 'UTC', pronouns: '', avatar_url: '' },
      notification_settings: {
        journal_reminders: true,
        reflection_nudges: true,
        email_notifications: true,
      },
      privacy_settings: {
        insights_visible_to_clients: false,
        data_sharing: false,
        new_entry_privacy: 'private',
      },
      theme_settings: { theme: 'light', font_size: 'medium', visual_softness: 'normal' },
      professional_settings: {
        credentials: '',
        report_format: 'standard',
        alert_preferences: {
          risk_alerts: true,
          session_reminders: true,
          spike_sensitivity: 'medium',
          risk_threshold: 'standard',
        },
        ethical_use_confirmed: false,
      },
      system_settings: { audit_logs: true, data_retention_days: 365, compliance_mode: 'standard' },
      sections: ['profile_settings', 'notification_settings', 'privacy_settings', 'theme_settings'],
    });
    expect(
      await app.database.db.select().from(userSettings).where(eq(userSettings.userId, userId)),
    ).toHaveLength(1);
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(app.app, '10.78.0.1');
    expect((await anonymous.get('/api/settings')).status).toBe(401);
  });
});

describe('saving one control at a time (SPEC §7: merge into the section)', () => {
  it('merges each change into its section and keeps it across loads', async () => {
    const { client } = await personAs('user');
    expect((await patch(client, 'theme_settings', { theme: 'dark' })).status).toBe(200);
    const second = await patch(client, 'theme_settings', { font_size: 'large' });
    expect(second.json()).toMatchObject({
      theme_settings: { theme: 'dark', font_size: 'large', visual_softness: 'normal' },
    });
    await patch(client, 'notification_settings', { email_notifications: false });
    await patch(client, 'privacy_settings', { data_sharing: true });
    expect((await client.get('/api/settings')).json()).toMatchObject({
      theme_settings: { theme: 'dark', font_size: 'large', visual_softness: 'normal' },
      notification_settings: {
        journal_reminders: true,
        reflection_nudges: true,
        email_notifications: false,
      },
      privacy_settings: {
        insights_visible_to_clients: false,
        data_sharing: true,
        new_entry_privacy: 'private',
      },
    });
  });

  it('lands two controls saved at the same moment', async () => {
    const { client } = await personAs('user');
    await Promise.all([
      patch(client, 'notification_settings', { journal_reminders: false }),
      patch(client, 'notification_settings', { reflection_nudges: false }),
    ]);
    expect((await client.get('/api/settings')).json()).toMatchObject({
      notification_settings: { journal_reminders: false, reflection_nudges: false },
    });
  });

  it('refuses unknown keys, wrong values and unknown sections, saving nothing', async () => {
    const { client } = await personAs('user');
    const unknownKey = await patch(client, 'theme_settings', { colour: 'teal' });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.json().message).toBe('Unknown setting: colour');
    const wrong = await patch(client, 'theme_settings', { theme: 'neon' });
    expect(wrong.status).toBe(400);
    expect(wrong.json().message).toBe('Theme must be one of: light, dark');
    const notBoolean = await patch(client, 'privacy_settings', { data_sharing: 'yes' });
    expect(notBoolean.json().message).toBe('Research data sharing must be on or off');
    expect((await patch(client, 'billing_settings', { plan: 'gold' })).status).toBe(400);
    expect((await client.get('/api/settings')).json()).toMatchObject({
      theme_settings: { theme: 'light' },
      privacy_settings: { data_sharing: false },
    });
  });

  it('keeps the new-entry privacy default (private unless shared with clients)', async () => {
    const { client } = await personAs('user');
    const shared = await patch(client, 'privacy_settings', {
      new_entry_privacy: 'shared_with_clients',
    });
    expect(shared.status, shared.body).toBe(200);
    expect((await client.get('/api/settings')).json()).toMatchObject({
      privacy_settings: { new_entry_privacy: 'shared_with_clients', data_sharing: false },
    });
    // Public is a per-entry choice only, never a default.
    const wide = await patch(client, 'privacy_settings', { new_entry_privacy: 'public' });
    expect(wide.status).toBe(400);
    expect(wide.json().message).toBe(
      'New entry privacy must be one of: private, shared_with_clients',
    );
  });

  it('changes the profile through profile_settings, under the profile rules', async () => {
    const { client } = await personAs('user');
    const saved = await patch(client, 'profile_settings', { timezone: 'Asia/Tokyo' });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({ profile_settings: { timezone: 'Asia/Tokyo' } });
    expect((await client.get('/api/profile')).json()).toMatchObject({
      values: { timezone: 'Asia/Tokyo' },
    });
    const bad = await patch(client, 'profile_settings', { timezone: 'UTC+9' });
    expect(bad.status).toBe(400);
    expect(bad.json().message).toBe('Timezone may contain only letters, underscores and slashes');
    const admin = await personAs('admin', 'client');
    const readOnly = await patch(admin.client, 'profile_settings', { pronouns: 'he/him' });
    expect(readOnly.status).toBe(403);
    expect(readOnly.json().message).toBe('Read-only in current interface');
  });
});

describe('section permissions (SPEC §2 tabs, §6)', () => {
  type Who = [string, 'user' | 'client' | 'admin', ('user' | 'client' | 'admin')?];
  const cases: [...Who, { professional: number; system: number }][] = [
    ['user', 'user', undefined, { professional: 403, system: 403 }],
    ['client', 'client', undefined, { professional: 200, system: 403 }],
    ['admin in user interface', 'admin', 'user', { professional: 403, system: 403 }],
    ['admin in client interface', 'admin', 'client', { professional: 403, system: 403 }],
    ['admin in admin interface', 'admin', 'admin', { professional: 200, system: 200 }],
  ];
  it.each(cases)('%s', async (_name, role, selected, expected) => {
    const { client } = await personAs(role, selected);
    const professional = await patch(client, 'professional_settings', {
      report_format: 'detailed',
    });
    const system = await patch(client, 'system_settings', { compliance_mode: 'gdpr' });
    expect({ professional: professional.status, system: system.status }).toEqual(expected);
    if (system.status === 403)
      expect(system.json().message).toBe(
        'These settings are not available in your current interface.',
      );
    const sections = (await client.get('/api/settings')).json<{ sections: string[] }>().sections;
    expect(sections.includes('professional_settings')).toBe(expected.professional === 200);
    expect(sections.includes('system_settings')).toBe(expected.system === 200);
    // Everyone has the four common tabs.
    for (const section of ['notification_settings', 'privacy_settings', 'theme_settings'])
      expect((await patch(client, section, {})).status).toBe(200);
  });

  it('merges alert preferences one level deep', async () => {
    const { client } = await personAs('client');
    await patch(client, 'professional_settings', { alert_preferences: { risk_alerts: false } });
    const after = await patch(client, 'professional_settings', { ethical_use_confirmed: true });
    expect(after.json()).toMatchObject({
      professional_settings: {
        alert_preferences: { risk_alerts: false, session_reminders: true },
        ethical_use_confirmed: true,
        report_format: 'standard',
      },
    });
    const tooLong = await patch(client, 'professional_settings', { credentials: 'x'.repeat(501) });
    expect(tooLong.json().message).toBe('Credentials must be at most 500 characters');
  });

  it('takes data retention as whole days from 1 to 3650, with a clear error', async () => {
    const { client } = await personAs('admin', 'admin');
    // The instance's settings: another test may have left it in GDPR mode (at most 1095 days).
    await patch(client, 'system_settings', { compliance_mode: 'standard' });
    for (const days of [0, 3651, 12.5, '90', -1]) {
      const refused = await patch(client, 'system_settings', { data_retention_days: days });
      expect(refused.status, String(days)).toBe(400);
      expect(refused.json().message).toBe(
        'Data retention must be a whole number of days between 1 and 3650',
      );
    }
    for (const days of [1, 3650, 90]) {
      const saved = await patch(client, 'system_settings', { data_retention_days: days });
      expect(saved.json()).toMatchObject({ system_settings: { data_retention_days: days } });
    }
  });
});
