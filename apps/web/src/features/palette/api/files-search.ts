import type { FileHit, FileSearchResult } from '@kaleido/shared/files/file-search.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The person's files by name, from every feature that keeps them ('Search Files'). */
export async function searchFiles(text: string): Promise<FileHit[]> {
  const { files } = await api.get<FileSearchResult>(
    `/api/files/search?q=${encodeURIComponent(text)}`,
  );
  return files;
}

export function filesSearchQuery(text: string) {
  return queryOptions({ queryKey: ['files', 'search', text], queryFn: () => searchFiles(text) });
}
