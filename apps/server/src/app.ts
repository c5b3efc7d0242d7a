import { fileURLToPath } from 'node:url';
import { createBaseServices } from './base-services';
import { createHttpServer } from './http/create-server';
import { openInfrastructure, type InfrastructureOptions } from './infrastructure';
import { registerSpaAndNotFound } from './http/spa';
import { registerDashboard } from './modules/dashboard/dashboard.module';
import { registerAccount } from './modules/account/account.module';
import { createAdminSettingsChanges, registerAdmin } from './modules/admin/admin.module';
import { registerIdentity } from './modules/identity/identity.module';
import { registerInsights } from './modules/insights/insights.module';
import { registerAuth } from './modules/auth/auth.module';
import { registerChat } from './modules/chat/chat.module';
import { registerFileSearch } from './modules/files/files.module';
import { registerStorageRoutes } from './modules/storage/storage.module';
import { registerHealth } from './modules/health/health.module';
import { registerCare } from './modules/care/care.module';
import { registerJournal } from './modules/journal/journal.module';
import { registerMailer } from './modules/mailer/mailer.module';
import { registerEmail } from './modules/email/email.module';
import { registerNotifications } from './modules/notifications/notifications.module';
import { registerProfile } from './modules/profile/profile.module';
import { registerSecurityEvents } from './modules/security-events/security-events.module';
import { registerSession } from './modules/session/session.module';
import { registerSettings } from './modules/settings/settings.module';
import { registerSpeech } from './modules/speech/speech.module';
import { registerTwoFactor } from './modules/two-factor/two-factor.module';
import { registerUsers } from './modules/users/users.module';
import { registerVoiceNotes } from './modules/voice-notes/voice-notes.module';
import { registerCalls } from './modules/calls/calls.module';

export interface BuildOptions extends InfrastructureOptions {
  /** Where the built SPA is; null serves none. Defaults to apps/web/dist. */
  webDist?: string | null;
  logger?: boolean;
  /**
   * Whether this instance runs `analysis` jobs (default yes). Tests of other features turn it off
   * so a background analysis never changes an item while they compare it.
   */
  analysisWorker?: boolean;
}

/** The built app and the parts tests reach into (the bus, rooms, registries, services). */
export type KaleidoApp = Awaited<ReturnType<typeof buildApp>>;

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the whole server without listening; `main.ts` listens, tests use `app.inject`.
 * Infrastructure, then the services most modules share, then the modules: a new module is one
 * folder and one `register<Feature>(app, base)` line below.
 */
export async function buildApp(options: BuildOptions) {
  const app = await createHttpServer(options.config, options.logger !== false);
  const infra = await openInfrastructure(app, options);
  const base = createBaseServices(app, infra);
  const { sessions, notifications, mailer } = base;

  registerHealth(app, base);
  registerMailer(app, base);
  const auth = registerAuth(app, base);
  registerTwoFactor(app, base);
  registerSession(app, base);
  registerSecurityEvents(app, base);
  registerIdentity(app, base);
  registerNotifications(app, base);
  registerProfile(app, base);
  const settingsChanges = createAdminSettingsChanges(base);
  const settings = registerSettings(app, {
    ...base,
    system: {
      read: () => base.instanceSettings.system(),
      change: (actorId, patch) => settingsChanges.change(actorId, { system: patch }),
    },
  });
  const account = registerAccount(app, { ...base, settings });
  registerSpeech(app, base);
  const voiceNotes = registerVoiceNotes(app, base);
  const journal = registerJournal(app, { ...base, audioRetention: voiceNotes.audioRetention });
  const chat = registerChat(app, base);
  const email = registerEmail(app, base);
  // After every feature that says what people wrote: it listens to them all.
  const insights = registerInsights(app, {
    ...base,
    runsJobs: options.analysisWorker ?? true,
  });
  const { analysis } = insights;
  // Care reads what journal, voice notes and insights offer another reader, and follows
  // analyses (care alerts); none of them knows care.
  const care = registerCare(app, {
    ...base,
    journal,
    voiceNotes,
    insights,
    confirmEthicalUse: (userId) => settings.confirmEthicalUse(userId),
  });
  registerUsers(app, base);
  registerFileSearch(app, base);
  registerStorageRoutes(app, base);
  registerDashboard(app, base);
  const admin = registerAdmin(app, { ...base, settingsChanges, account, care: care.admin });
  const calls = registerCalls(app, base);
  await registerSpaAndNotFound(
    app,
    options.webDist === undefined ? defaultWebDist : options.webDist,
    sessions,
  );

  const stopSessionSweep = sessions.sweepEvery(10 * 60_000);
  app.addHook('onReady', async () => {
    await base.jobs.start();
  });
  app.addHook('onClose', async () => {
    await base.jobs.stop();
    await notifications.close().catch(() => undefined);
    stopSessionSweep();
    // Accounts a sign-up already answered for, and their mail.
    await auth.settle();
    await mailer.close();
    await infra.close();
  });

  // What tests reach into; `chat.applyTranscript` is what the speech queue calls.
  return { app, ...base, chat, analysis, admin, email, careAlerts: care.alerts, calls };
}
