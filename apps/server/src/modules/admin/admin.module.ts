import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DISABLED_ACCOUNT_MESSAGE } from '@kaleido/shared/admin/admin.schemas';
import type { Config } from '../../config/env';
import type { Database, Db } from '../../db/client';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import { forbidden } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { FilesService } from '../files/files.service';
import type { IdentityService } from '../identity/identity.service';
import type { IdentityRepository } from '../identity/identity.repository';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { BetterAuth } from '../auth/better-auth';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import { adminOnly, createAdminGate } from './admin-access';
import { createAdminUsersRepository } from './admin-users.repository';
import { registerAdminUsersRoutes } from './admin-users.routes';
import { createAdminUserAccess } from './admin-user-access';
import { createAdminUserLifecycle } from './admin-user-lifecycle';
import { createAdminUserReads } from './admin-user-reads';
import { registerAuditAccountData } from './audit-account-data';
import { createAuditRepository } from './audit.repository';
import { registerAuditRoutes } from './audit.routes';
import { createAuditService, type AuditService } from './audit.service';
import { registerInstancePolicies } from './instance-policies';
import {
  createInstanceSettingsChanges,
  type InstanceSettingsChanges,
} from './instance-settings-changes';
import { createInstanceSettingsRepository } from './instance-settings.repository';
import {
  createInstanceSettingsService,
  type InstanceSettingsService,
} from './instance-settings.service';
import { createConsoleHealth } from './health';
import { createRetentionRepository } from './retention.repository';
import { createRetentionService } from './retention.service';
import { registerInstanceSettingsRoutes } from './settings.routes';
import { registerConsoleRoutes } from './console.routes';
import { createResearchRepository } from './research.repository';
import { createResearchService } from './research.service';
import type { CareAdmin } from '../care/care-admin.service';
import type { Mailer } from '../mailer/mailer';
import type { OutboxRepository } from '../mailer/outbox.repository';
import { registerAdminOutboxRoutes } from './outbox.routes';

/** The instance's settings (system settings, feature toggles), read by sessions and features. */
export function createInstanceSettings(deps: { db: Db }) {
  return createInstanceSettingsService(createInstanceSettingsRepository(deps.db));
}

/** Sign-in's check: a disabled account is refused (its fresh session ended) with a clear message. */
export function createAccountStatus(deps: { db: Db }) {
  const repository = createAdminUsersRepository(deps.db);
  return {
    async refuseIfDisabled(userId: string): Promise<void> {
      if (!(await repository.isDisabled(userId))) return;
      await repository.deleteSessions(userId);
      throw forbidden(DISABLED_ACCOUNT_MESSAGE, 'ACCOUNT_DISABLED');
    },
  };
}
export type AccountStatus = ReturnType<typeof createAccountStatus>;

/** The audit log other modules write to (`audit.record`), built with the base services. */
export function createAudit(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  instanceSettings: InstanceSettingsService;
}) {
  return createAuditService({
    repository: createAuditRepository(deps.db),
    log: deps.log,
    now: deps.now,
    enabled: () => deps.instanceSettings.auditEnabled(),
  });
}

/** Changing the instance's settings, audited (the console and the System tab both use it). */
export function createAdminSettingsChanges(deps: {
  instanceSettings: InstanceSettingsService;
  audit: AuditService;
  now: () => Date;
}) {
  return createInstanceSettingsChanges({
    settings: deps.instanceSettings,
    audit: deps.audit,
    now: deps.now,
  });
}

/**
 * The admin console (/api/admin/*): audit log, instance settings, retention, users,
 * relationships, research tools, overview and health.
 */
export function registerAdmin(
  app: FastifyInstance,
  deps: {
    db: Db;
    audit: AuditService;
    instanceSettings: InstanceSettingsService;
    settingsChanges: InstanceSettingsChanges;
    identity: IdentityService;
    accountData: AccountDataRegistry;
    files: FilesService;
    jobs: JobQueue;
    log: FastifyBaseLogger;
    now: () => Date;
    identityRepository: IdentityRepository;
    securityEvents: SecurityEventsService;
    auth: BetterAuth;
    announceSessionEnded: AnnounceSessionEnded;
    database: Database;
    config: Config;
    speech: TranscriptionQueue;
    realtime: { connectionCount(): number };
    /** The account deletion the person's own uses. */
    account: { removeAccount(userId: string): Promise<void> };
    /** Relationships are the care module's; the console lists, proposes and ends them. */
    care: CareAdmin;
    authSecret: string;
    mailer: Pick<Mailer, 'mode'>;
    outbox: Pick<OutboxRepository, 'listSentNewestFirst'>;
  },
) {
  const requireAdmin = createAdminGate(deps.identity);
  const usersRepository = createAdminUsersRepository(deps.db);
  const researchRepository = createResearchRepository(deps.db);
  registerAuditAccountData(
    deps.accountData,
    deps.audit,
    (userId) => usersRepository.flagsOf(userId),
    (userId) => researchRepository.releasesBy(userId),
  );
  registerInstancePolicies(app, { settings: deps.instanceSettings, identity: deps.identity });
  registerAuditRoutes(app, { audit: deps.audit, requireAdmin });
  const retention = createRetentionService({
    repository: createRetentionRepository(deps.db),
    settings: deps.instanceSettings,
    files: deps.files,
    audit: deps.audit,
    jobs: deps.jobs,
    log: deps.log,
    now: deps.now,
  });
  registerInstanceSettingsRoutes(app, {
    settings: deps.instanceSettings,
    changes: deps.settingsChanges,
    retention,
    requireAdmin,
  });
  const userDeps = {
    repository: usersRepository,
    identity: deps.identityRepository,
    securityEvents: deps.securityEvents,
    audit: deps.audit,
    auth: deps.auth,
    announceSessionEnded: deps.announceSessionEnded,
    removeAccount: (userId: string) => deps.account.removeAccount(userId),
    now: deps.now,
  };
  registerAdminUsersRoutes(app, {
    reads: createAdminUserReads(userDeps),
    access: createAdminUserAccess(userDeps),
    lifecycle: createAdminUserLifecycle(userDeps),
    requireAdmin,
  });
  const research = createResearchService({
    repository: researchRepository,
    settings: deps.instanceSettings,
    audit: deps.audit,
    now: deps.now,
  });
  registerConsoleRoutes(app, { care: deps.care, research, audit: deps.audit, requireAdmin });
  registerAdminOutboxRoutes(app, {
    outbox: deps.outbox,
    mode: deps.mailer.mode,
    audit: deps.audit,
    requireAdmin,
  });
  const health = createConsoleHealth({ ...deps, app });
  const guarded = adminOnly(requireAdmin);
  app.get('/api/admin/overview', guarded, () => health.overview());
  app.get('/api/admin/health', guarded, () => health.health());
  let stopSampling: (() => void) | undefined;
  app.addHook('onReady', (done) => {
    stopSampling = health.start();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    stopSampling?.();
    done();
  });
  app.addHook('onReady', () => retention.schedule());
  return { retention };
}
