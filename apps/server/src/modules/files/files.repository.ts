import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/files';

export type FileRow = typeof files.$inferSelect;

export type FilesRepository = ReturnType<typeof createFilesRepository>;

export function createFilesRepository(db: Db) {
  return {
    async insert(row: Omit<FileRow, 'id' | 'createdAt'>): Promise<FileRow> {
      const rows = await db.insert(files).values(row).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error('file insert returned no row');
      return inserted;
    },
    async find(id: string): Promise<FileRow | null> {
      const rows = await db.select().from(files).where(eq(files.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async listByOwner(ownerId: string): Promise<FileRow[]> {
      return db.select().from(files).where(eq(files.ownerId, ownerId));
    },
    async delete(ids: string[]): Promise<void> {
      if (ids.length > 0) await db.delete(files).where(inArray(files.id, ids));
    },
  };
}
