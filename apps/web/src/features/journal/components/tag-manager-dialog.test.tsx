import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalTag } from '@kaleido/shared/journal/journal.schemas';
import { journalKeys } from '../../../lib/api/journal';
import { TagManagerDialog } from './tag-manager-dialog';

const tags: JournalTag[] = [
  { id: 't-work', name: 'work', count: 3 },
  { id: 't-job', name: 'job', count: 1 },
];

let changes: { method: string; url: string }[] = [];
beforeEach(() => {
  changes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') changes.push({ method, url });
      return Promise.resolve(
        new Response(JSON.stringify(method === 'GET' ? tags : (tags[1] ?? {})), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function openTags() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(journalKeys.tags, tags);
  render(
    <QueryClientProvider client={client}>
      <TagManagerDialog />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Manage tags' }));
  return screen.getByRole('dialog', { name: 'Your tags' });
}

describe('tidying tags', () => {
  it('deleting a tag says which entries lose it, and acts only when confirmed', async () => {
    const dialog = openTags();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete tag work' }));
    const ask = within(dialog).getByRole('group', { name: 'Confirm deleting the tag' });
    expect(ask.textContent).toContain('Remove “work” from 3 entries and delete it?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(changes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete tag work' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    await waitFor(() =>
      expect(changes).toEqual([{ method: 'DELETE', url: '/api/journal/tags/t-work' }]),
    );
  });

  it('merging says what moves where, and acts only when confirmed', async () => {
    const dialog = openTags();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Merge work into' }), {
      target: { value: 't-job' },
    });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Merge' })[0] as HTMLElement);
    const ask = within(dialog).getByRole('group', { name: 'Confirm merging tags' });
    expect(ask.textContent).toContain('Move 3 entries from “work” to “job” and delete “work”?');
    expect(changes).toEqual([]);
    fireEvent.click(within(ask).getByRole('button', { name: 'Merge tags' }));
    await waitFor(() =>
      expect(changes).toEqual([{ method: 'POST', url: '/api/journal/tags/t-work/merge' }]),
    );
  });
});
