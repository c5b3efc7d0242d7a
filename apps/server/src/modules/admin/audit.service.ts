import type { FastifyBaseLogger } from 'fastify';
import type {
  AdminAction,
  AuditEntry,
  AuditListQuery,
  AuditPage,
} from '@kaleido/shared/admin/admin.schemas';
import type { AuditRepository } from './audit.repository';

export type AuditService = ReturnType<typeof createAuditService>;

/** At most this many rows in one CSV export. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

const CSV_COLUMNS = [
  'created_at',
  'source',
  'action',
  'actor_id',
  'actor_email',
  'target_user_id',
  'target_email',
  'details',
] as const;

/** One CSV field: quoted, and a leading formula character defused for spreadsheets. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function auditCsv(entries: AuditEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries)
    lines.push(
      [
        e.createdAt,
        e.source,
        e.action,
        e.actorId ?? '',
        e.actorEmail ?? '',
        e.targetUserId ?? '',
        e.targetEmail ?? '',
        JSON.stringify(e.details),
      ]
        .map(csvField)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The audit log: `record` appends an admin action (when the instance's `audit_logs` is on;
 * security events are kept by their own log whatever it says), `list` reads the combined view.
 * Nothing here changes or removes a row.
 */
export function createAuditService(deps: {
  repository: AuditRepository;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The instance's audit_logs switch; admin actions are recorded only while it is on. */
  enabled?: () => Promise<boolean>;
}) {
  return {
    async record(entry: {
      actorId: string | null;
      action: AdminAction | (string & {});
      targetUserId?: string | null;
      details?: Record<string, unknown>;
      /** Recorded even with audit_logs off (a change of the settings themselves). */
      force?: boolean;
    }): Promise<void> {
      if (!entry.force && deps.enabled && !(await deps.enabled())) return;
      await deps.repository.insert({
        actorId: entry.actorId,
        action: entry.action,
        targetUserId: entry.targetUserId ?? null,
        details: entry.details ?? {},
        createdAt: deps.now(),
      });
    },

    async list(query: AuditListQuery): Promise<AuditPage> {
      const { entries, total } = await deps.repository.list(query);
      return { entries, total, page: query.page, pageSize: query.pageSize };
    },

    /** Every row matching the filters (up to AUDIT_CSV_MAX_ROWS), as CSV. */
    async csv(query: Omit<AuditListQuery, 'page' | 'pageSize'>): Promise<string> {
      const entries: AuditEntry[] = [];
      for (let page = 1; entries.length < AUDIT_CSV_MAX_ROWS; page++) {
        const batch = await deps.repository.list({ ...query, page, pageSize: 200 });
        entries.push(...batch.entries);
        if (batch.entries.length < 200) break;
      }
      return auditCsv(entries.slice(0, AUDIT_CSV_MAX_ROWS));
    },

    naming: (userId: string) => deps.repository.naming(userId),
  };
}
