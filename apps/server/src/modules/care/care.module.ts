import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { PdfExports } from '../../pdf/pdf-exports';
import type { EventBus } from '../../realtime/event-bus';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ProfileReads } from '../profile/profile-reads';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { Preferences } from '../settings/preferences';
import type { AnalysisSharedReads } from '../insights/analysis-shared.repository';
import type { CardsForReader } from '../insights/cards-for-reader';
import type { ItemAnalysis } from '../insights/item-analysis';
import type { JournalSharedReads } from '../journal/journal-shared.repository';
import type { VoiceNotesSharedReads } from '../voice-notes/voice-notes-shared.repository';
import { careAccountData } from './care-account-data';
import { createCareAccountDataRepository } from './care-account-data.repository';
import { createCareAdmin } from './care-admin.service';
import { createCareAdminRepository } from './care-admin.repository';
import { createCareAlertChecks } from './care-alert-checks';
import { createCareAlertViews } from './care-alert-views';
import { createCareAlerts } from './care-alerts.service';
import { createCareAlertsRepository } from './care-alerts.repository';
import { registerCareAlertRoutes } from './care-alerts.routes';
import { createCareConsent } from './care-consent.service';
import { createCareConsentsRepository } from './care-consents.repository';
import { createCareDashboard } from './care-dashboard.service';
import { createCareInvitations } from './care-invitations';
import { createCareLogging } from './care-logging.repository';
import { createCareNotes } from './care-notes.service';
import { createCareNotesRepository } from './care-notes.repository';
import { registerCareNoteRoutes } from './care-notes.routes';
import { createCarePolicy } from './care-policy';
import { createCareReadable } from './care-readable';
import { createCareReads } from './care-reads.service';
import { registerCareReadRoutes } from './care-reads.routes';
import { createCareRecords } from './care-records.service';
import { createCareRecordsRepository } from './care-records.repository';
import { registerCareRecordRoutes } from './care-records.routes';
import { createCareRelationships } from './care-relationships.service';
import { createCareRelationshipsRepository } from './care-relationships.repository';
import { registerCareRelationshipRoutes } from './care-relationships.routes';
import { createCareReports } from './care-reports.service';
import { registerCareReportRoutes } from './care-reports.routes';
import { createCareSharedReads } from './care-shared-reads';
import { createReaderGrants } from './derived-data-policy';

/** What care takes from the base services and app.ts. */
export interface CareDeps {
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  rateLimits: Pick<RateLimitService, 'consume'>;
  notifications: Pick<NotificationsService, 'notify'>;
  accountData: AccountDataRegistry;
  profileReads: Pick<ProfileReads, 'viewerOf' | 'readAs'>;
  preferences: Pick<Preferences, 'privacyOf' | 'professionalOf'>;
  /** The profile's timezone: a report's period is days of the professional's calendar. */
  profiles: { find(userId: string): Promise<{ timezone: string } | null> };
  /** What the journal lets another reader have of a person's entries (care queries none). */
  journal: { sharedReads: JournalSharedReads };
  /** What voice notes let another reader have: finished transcripts. */
  voiceNotes: { sharedReads: VoiceNotesSharedReads };
  /**
   * What insights offers: figures per item, the person's cards as another reader may have them,
   * and word each time one of their items is analysed (alerts follow). Insights knows nothing
   * of care.
   */
  insights: {
    sharedReads: AnalysisSharedReads;
    cardsForReader: Pick<CardsForReader, 'forReader'>;
    analysis: Pick<ItemAnalysis, 'onAnalysed'>;
  };
  /** The settings module's write of the confirmation (settings.confirmEthicalUse). */
  confirmEthicalUse: (userId: string) => Promise<void>;
  now: () => Date;
  /** PDFs off the event loop, one per person at a time (pdf/pdf-exports.ts). */
  pdfs: PdfExports;
}

/**
 * Care: working relationships between professionals and the people they support, the consent
 * those people give per type of data, the access log they read, professionals' notes, alerts
 * drawn from shared data (a job after analysis) and reports.
 */
export function registerCare(app: FastifyInstance, deps: CareDeps) {
  const { db, bus, now } = deps;
  // The only SQL of the module, one repository per table group or query idea.
  const relationships = createCareRelationshipsRepository(db);
  const consents = createCareConsentsRepository(db);
  const logging = createCareLogging(db);
  // What the person's data offers, read through the modules that keep it.
  const offered = {
    journal: deps.journal.sharedReads,
    voiceNotes: deps.voiceNotes.sharedReads,
    analysis: deps.insights.sharedReads,
  };
  const shared = createCareSharedReads(offered);
  const readable = createCareReadable(offered);
  const alertRows = createCareAlertsRepository(db);
  const notesRepository = createCareNotesRepository(db);

  const viewerOf = (userId: string) => deps.profileReads.viewerOf(userId);
  const privacyOf = (userId: string) => deps.preferences.privacyOf(userId);
  const professionalOf = (userId: string) => deps.preferences.professionalOf(userId);
  const policy = createCarePolicy({
    relationships,
    consents,
    viewerOf,
    privacyOf,
    professionalOf,
    now,
  });
  const grants = createReaderGrants({ policy, readable });
  // What every change of a relationship takes: it is written, logged and announced.
  const changes = { relationships, consents, logging, bus, now };

  const views = createCareAlertViews({ relationships, grants });
  const alerts = createCareAlerts({ alerts: alertRows, views, logging, policy, bus, now });
  const alertChecks = createCareAlertChecks({
    alerts: alertRows,
    relationships,
    shared,
    logging,
    views,
    policy,
    jobs: deps.jobs,
    notifications: deps.notifications,
    bus,
    professionalOf,
    now,
  });
  // What a person shares may call for their professionals' attention.
  deps.insights.analysis.onAnalysed((userId) => alertChecks.queue(userId));

  const relationshipService = createCareRelationships({ ...changes, privacyOf });
  registerCareRelationshipRoutes(app, {
    relationships: relationshipService,
    invitations: createCareInvitations({
      ...changes,
      policy,
      jobs: deps.jobs,
      rateLimits: deps.rateLimits,
      notifications: deps.notifications,
      viewerOf,
    }),
    consent: createCareConsent({ ...changes, views: relationshipService }),
  });
  registerCareRecordRoutes(app, createCareRecords({ repository: createCareRecordsRepository(db) }));

  registerCareReadRoutes(app, {
    dashboard: createCareDashboard({
      relationships,
      shared,
      logging,
      policy,
      professionalOf,
      confirmEthicalUse: deps.confirmEthicalUse,
      openAlerts: alerts.openCount,
      now,
    }),
    reads: createCareReads({
      relationships,
      shared,
      logging,
      policy,
      viewerOf,
      profileAs: (viewerId, userId) => deps.profileReads.readAs(viewerId, userId),
      grants,
      insightsFor: (userId, textItems) => deps.insights.cardsForReader.forReader(userId, textItems),
      now,
    }),
  });
  registerCareNoteRoutes(app, createCareNotes({ notes: notesRepository, policy, now }));
  registerCareAlertRoutes(app, alerts);
  registerCareReportRoutes(app, {
    reports: createCareReports({
      relationships,
      shared,
      alerts: alertRows,
      views,
      notes: notesRepository,
      logging,
      policy,
      grants,
      professionalOf,
      timezoneOf: async (userId) => (await deps.profiles.find(userId))?.timezone,
      now,
    }),
    pdfs: deps.pdfs,
  });

  deps.accountData.register(
    careAccountData({
      relationships,
      consents,
      repository: createCareAccountDataRepository(db),
      alerts,
    }),
  );

  return {
    /** The admin console's relationships (the admin module's narrow interface). */
    admin: createCareAdmin({ ...changes, admin: createCareAdminRepository(db), viewerOf }),
    /** The alert checks, queued after each analysis; tests queue them directly. */
    alerts: alertChecks,
  };
}
