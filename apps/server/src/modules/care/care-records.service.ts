import {
  CARE_LOG_MESSAGES,
  type AccessLogQuery,
  type AccessLogResponse,
  type ConsentHistoryQuery,
  type ConsentHistoryResponse,
  type LoggedProfessional,
} from '@kaleido/shared/care/care-records.schemas';
import { badRequest } from '../../http/errors';
import type { CareRecordsRepository } from './care-records.repository';

export type CareRecords = ReturnType<typeof createCareRecords>;

const professional = (id: string | null, name: string): LoggedProfessional => ({ id, name });

/**
 * The person's records of care (DESIGN §10): every read of their data by a professional and
 * every change of a relationship or consent, whole, in pages (newest first), by professional and
 * period. They are the person's: a professional leaving keeps them, named by the snapshot.
 */
export function createCareRecords(deps: { repository: CareRecordsRepository }) {
  const { repository } = deps;

  /** A cursor is a row of this person's log we handed out; anything else is refused. */
  async function checkCursor(log: 'access' | 'consent', personId: string, cursor?: string) {
    if (cursor && !(await repository.isLogRow(log, personId, cursor)))
      throw badRequest(CARE_LOG_MESSAGES.badCursor, undefined, 'BAD_CURSOR');
  }

  /** One row more than the page was read: if it came, the page's last row is where to go on. */
  const nextCursor = (rows: { id: string }[], limit: number) =>
    rows.length > limit ? (rows[limit - 1]?.id ?? null) : null;

  return {
    async accessLog(personId: string, query: AccessLogQuery): Promise<AccessLogResponse> {
      await checkCursor('access', personId, query.cursor);
      const rows = await repository.accessOf(
        personId,
        { ...query, limit: query.limit + 1 },
        query.cursor,
      );
      const page = rows.slice(0, query.limit);
      return {
        entries: page.map((e) => ({
          id: e.id,
          professional: professional(e.professionalId, e.professionalName),
          what: e.what,
          itemCount: e.itemCount,
          at: e.at.toISOString(),
          readCount: e.readCount,
          lastAt: e.lastAt.toISOString(),
        })),
        nextCursor: nextCursor(rows, query.limit),
        professionals: await repository.professionalsIn('access', personId),
      };
    },

    async consentHistory(
      personId: string,
      query: ConsentHistoryQuery,
    ): Promise<ConsentHistoryResponse> {
      await checkCursor('consent', personId, query.cursor);
      const rows = await repository.changesOf(
        personId,
        { ...query, limit: query.limit + 1 },
        query.cursor,
      );
      const page = rows.slice(0, query.limit);
      return {
        changes: page.map((c) => ({
          id: c.id,
          relationshipId: c.relationshipId,
          professional: professional(c.professionalId, c.professionalName),
          scope: c.scope,
          action: c.action,
          expiresAt: c.expiresAt ? c.expiresAt.toISOString() : null,
          at: c.at.toISOString(),
        })),
        nextCursor: nextCursor(rows, query.limit),
        professionals: await repository.professionalsIn('consent', personId),
      };
    },
  };
}
