import type { FileHit } from '@kaleido/shared/files/file-search.schemas';

/** Finds a person's files by name in one feature (chat attachments, voice notes, ...). */
export type FileFinder = (userId: string, text: string, limit: number) => Promise<FileHit[]>;

export type FileFinders = ReturnType<typeof createFileFinders>;

/**
 * 'Search Files' across features without the files module knowing them: each feature that keeps
 * files a person can reach registers how to find them by name and where they live, and decides
 * who may see them (its own rules, as for reading the file).
 */
export function createFileFinders() {
  const finders: FileFinder[] = [];
  return {
    register(finder: FileFinder) {
      finders.push(finder);
    },
    /** The newest `limit` files whose name contains `text`, from every feature. */
    async search(userId: string, text: string, limit: number): Promise<FileHit[]> {
      const found = await Promise.all(finders.map((find) => find(userId, text, limit)));
      return found
        .flat()
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .slice(0, limit);
    },
  };
}
