import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Relationship } from '@kaleido/shared/care/care.schemas';
import { careKeys } from '../api/care-requests';
import { RelationshipItem } from './care-privacy-card';
import { InvitationsBanner } from './invitations-banner';

const relationship = (over: Partial<Relationship> = {}): Relationship => ({
  id: 'rel-1',
  role: 'person',
  status: 'active',
  initiatedBy: 'professional',
  awaitingMe: false,
  other: { id: 'dana', name: 'Dana Reyes', email: 'dana@example.com' },
  consents: [
    {
      scope: 'mood_and_insights',
      grantedAt: '2026-11-01T10:00:00.000Z',
      expiresAt: null,
      active: true,
    },
    {
      scope: 'voice_note_transcripts',
      grantedAt: '2026-11-01T10:00:00.000Z',
      expiresAt: null,
      active: true,
    },
  ],
  createdAt: '2026-11-01T09:00:00.000Z',
  respondedAt: '2026-11-01T10:00:00.000Z',
  endedAt: null,
  ...over,
});

/** Every request the components make, answered with `{ ok: true }`. */
let requests: { method: string; url: string }[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      requests.push({ method: init?.method ?? 'GET', url });
      return Promise.resolve(
        new Response(JSON.stringify({ ok: true }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function withRelationships(relationships: Relationship[], children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(careKeys.relationships, { relationships, insightsVisibleToClients: true });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const changes = () => requests.filter((r) => r.method !== 'GET');

describe('ending a relationship', () => {
  it('names whom it ends, says what stops being shared, and acts only when confirmed', async () => {
    withRelationships([], <RelationshipItem relationship={relationship()} />);
    expect(screen.queryByRole('button', { name: 'End' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'End relationship with Dana Reyes' }));
    const dialog = await screen.findByRole('dialog', { name: 'End relationship with Dana Reyes?' });
    expect(dialog.textContent).toContain(
      'Dana Reyes will stop seeing your mood and insight summaries and voice note transcripts at once.',
    );
    expect(dialog.textContent).toContain('one of you must send a new invitation');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(changes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'End relationship with Dana Reyes' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'End relationship' }));
    await waitFor(() =>
      expect(changes()).toEqual([{ method: 'DELETE', url: '/api/care/relationships/rel-1' }]),
    );
  });

  it('a pending invitation is withdrawn by a button that names it', () => {
    withRelationships(
      [],
      <RelationshipItem relationship={relationship({ status: 'pending', consents: [] })} />,
    );
    expect(screen.getByRole('button', { name: 'Withdraw invitation to Dana Reyes' })).toBeTruthy();
  });
});

describe('invitations on the dashboard', () => {
  it('shows each professional waiting for an answer, with Accept and Decline', async () => {
    withRelationships(
      [
        relationship({ status: 'pending', awaitingMe: true, consents: [], respondedAt: null }),
        // Sent by the person, or already answered: nothing to answer here.
        relationship({ id: 'rel-2', status: 'pending', awaitingMe: false, consents: [] }),
        relationship({ id: 'rel-3' }),
      ],
      <InvitationsBanner />,
    );
    const invitation = screen.getByRole('article', { name: 'Invitation from Dana Reyes' });
    expect(invitation.textContent).toContain(
      'Dana Reyes invited you to work together as your professional.',
    );
    expect(screen.getAllByRole('article')).toHaveLength(1);
    fireEvent.click(within(invitation).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(changes()).toEqual([{ method: 'POST', url: '/api/care/relationships/rel-1/accept' }]),
    );
  });

  it('shows nothing when nobody is waiting', () => {
    const { container } = withRelationships([relationship()], <InvitationsBanner />);
    expect(container.textContent).toBe('');
  });
});
