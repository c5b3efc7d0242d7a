import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ProfileService } from '../profile/profile.service';
import type { Preferences } from '../settings/preferences';
import type { CardsForReader } from '../insights/cards-for-reader';
import { createCareAlerts } from './care-alerts.service';
import { createCarePolicy } from './care-policy';
import { createCareReports } from './care-reports.service';
import { createCareRepository } from './care.repository';
import type { PdfExports } from '../../pdf/pdf-exports';
import { registerCareRoutes } from './care.routes';
import { createCareService } from './care.service';
import { createReaderGrants } from './derived-data-policy';

import type { RateLimitService } from '../rate-limit/rate-limit.service';
import { createCareInvitations } from './care-invitations';
/**
 * Care: working relationships between professionals and the people they support, the consent
 * those people give per type of data, the access log they read, professionals' notes, alerts
 * drawn from shared data (a job after analysis) and reports.
 */
export function registerCare(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: EventBus;
    jobs: JobQueue;
    rateLimits: Pick<RateLimitService, 'consume'>;
    notifications: Pick<NotificationsService, 'notify'>;
    accountData: AccountDataRegistry;
    profile: Pick<ProfileService, 'viewerOf' | 'readAs'>;
    preferences: Pick<Preferences, 'privacyOf' | 'professionalOf'>;
    /** The profile's timezone: a report's period is days of the professional's calendar. */
    profiles: { find(userId: string): Promise<{ timezone: string } | null> };
    /** The settings module's write of the confirmation (settings.confirmEthicalUse). */
    confirmEthicalUse: (userId: string) => Promise<void>;
    now: () => Date;
    /** PDFs off the event loop, one per person at a time (pdf/pdf-exports.ts). */
    pdfs: PdfExports;
  },
) {
  const repository = createCareRepository(deps.db);
  const viewerOf = (userId: string) => deps.profile.viewerOf(userId);
  const privacyOf = (userId: string) => deps.preferences.privacyOf(userId);
  const professionalOf = (userId: string) => deps.preferences.professionalOf(userId);
  const policy = createCarePolicy({
    repository,
    viewerOf,
    privacyOf,
    professionalOf,
    now: deps.now,
  });
  const grants = createReaderGrants({ policy, repository });
  const alerts = createCareAlerts({
    repository,
    policy,
    grants,
    jobs: deps.jobs,
    notifications: deps.notifications,
    bus: deps.bus,
    professionalOf,
    now: deps.now,
  });
  // Analysis is registered after care (it listens to the features); app.ts hands its insights
  // service over with `readInsightsFrom` once it exists.
  let insights: Pick<CardsForReader, 'forReader'> | null = null;
  const care = createCareService({
    repository,
    policy,
    grants,
    bus: deps.bus,
    viewerOf,
    profileAs: (viewerId, userId) => deps.profile.readAs(viewerId, userId),
    insightsFor: (userId, textItems) => {
      if (!insights) throw new Error('care: the insights service was not handed over');
      return insights.forReader(userId, textItems);
    },
    exportAlerts: (rows) => alerts.exportOf(rows),
    privacyOf,
    professionalOf,
    openAlerts: alerts.openCount,
    confirmEthicalUse: deps.confirmEthicalUse,
    now: deps.now,
  });
  deps.accountData.register({
    section: 'care',
    tables: [
      'care_relationships',
      'care_consents',
      'care_consent_log',
      'care_access_log',
      'care_notes',
      'care_alerts',
    ],
    export: (userId) => care.exportFor(userId),
    deleteData: (userId) => care.deleteDataOf(userId),
  });
  const reports = createCareReports({
    repository,
    policy,
    grants,
    alerts,
    professionalOf,
    timezoneOf: async (userId) => (await deps.profiles.find(userId))?.timezone,
    now: deps.now,
  });
  const invitations = createCareInvitations({
    policy,
    jobs: deps.jobs,
    rateLimits: deps.rateLimits,
    deliver: (userId, body) => care.deliverInvitation(userId, body),
  });
  registerCareRoutes(app, { ...care, alerts, reports, invitations }, deps.pdfs);
  return {
    care,
    policy,
    alerts,
    /** The person's page shows their insight cards through this (read-only). */
    readInsightsFrom(service: Pick<CardsForReader, 'forReader'>) {
      insights = service;
    },
  };
}
