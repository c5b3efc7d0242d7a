import type { FileHit } from '@kaleido/shared/files/file-search.schemas';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { likeContaining } from '../../db/like';

interface Row {
  id: string;
  name: string;
  mime: string;
  size_bytes: string | number;
  created_at: Date | string;
  conversation_id: string;
  other_name: string | null;
}

/**
 * Files sent in the person's conversations (by them or to them), found by name: what 'Search
 * Files' shows of chat. Only conversations the person is in; a deleted partner reads as such.
 */
export function createChatFilesRepository(db: Db) {
  return {
    async named(userId: string, text: string, limit: number): Promise<FileHit[]> {
      const result = await db.execute(sql`
        select f.id, f.original_name as name, f.mime, f.size_bytes, f.created_at,
          c.id as conversation_id, p.full_name as other_name
        from conversations c
        join user_inputs ui on ui.conversation_id = c.id
        join files f on f.id = ui.media_file_id
        left join profiles p on p.user_id = case when c.participant_one_id = ${userId}
          then c.participant_two_id else c.participant_one_id end
        where (c.participant_one_id = ${userId} or c.participant_two_id = ${userId})
          and ui.input_type <> 'audio'
          and f.original_name ilike ${likeContaining(text)}
        order by f.created_at desc
        limit ${limit}`);
      return rowsOf<Row>(result).map((row) => ({
        id: row.id,
        name: row.name,
        mime: row.mime,
        sizeBytes: Number(row.size_bytes),
        createdAt: new Date(row.created_at).toISOString(),
        place: 'chat',
        placeLabel: `Chat with ${row.other_name ?? 'a deleted user'}`,
        link: `/app/chat/${row.conversation_id}`,
      }));
    },
  };
}
