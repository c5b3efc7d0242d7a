import type { FileHit } from '@kaleido/shared/files/file-search.schemas';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { MAIL_MESSAGES } from '@kaleido/shared/email/email.schemas';

interface Row {
  id: string;
  name: string;
  mime: string;
  size_bytes: string | number;
  created_at: Date | string;
  message_id: string;
  subject: string;
  folder: string;
}

/**
 * Files carried by the mail the person holds (received, sent, drafts, archive, trash), found by
 * name: what 'Search Files' shows of the mailbox. Each file once, at its newest message; the
 * same people may download it (the attachment route's rule: sender or holder of a copy).
 */
export function createEmailFilesRepository(db: Db) {
  return {
    async named(userId: string, text: string, limit: number): Promise<FileHit[]> {
      const result = await db.execute(sql`
        select * from (
          select distinct on (f.id) f.id, f.original_name as name, f.mime, f.size_bytes,
            f.created_at, m.id as message_id, m.subject, s.folder
          from mail_states s
          join mail_attachments a on a.message_id = s.message_id
          join files f on f.id = a.file_id
          join mail_messages m on m.id = s.message_id
          where s.user_id = ${userId} and f.original_name ilike ${likeContaining(text)}
          order by f.id, s.at desc
        ) found
        order by created_at desc
        limit ${limit}`);
      return rowsOf<Row>(result).map((row) => ({
        id: row.id,
        name: row.name,
        mime: row.mime,
        sizeBytes: Number(row.size_bytes),
        createdAt: new Date(row.created_at).toISOString(),
        place: 'mail',
        placeLabel: `Email: ${row.subject.trim() || MAIL_MESSAGES.noSubject}`,
        link:
          row.folder === 'drafts'
            ? `/app/email/compose?draft=${row.message_id}`
            : `/app/email/${row.folder}?message=${row.message_id}`,
      }));
    },
  };
}
