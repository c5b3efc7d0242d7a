import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MailCounts } from '@kaleido/shared/email/email.schemas';
import { emailKeys } from '../../../lib/api/email';
import { badgeCount } from '../../../lib/use-email-unread';
import { Sidebar } from './sidebar';

/** The shell with the folder counts already known (as after the first fetch). */
function renderSidebar(
  expanded: boolean,
  inboxUnread: number,
  { path = '/app/dashboard', clientInterface = false } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const folder = { total: 0, unread: 0 };
  const counts: MailCounts = {
    inbox: { total: 10, unread: inboxUnread },
    sent: folder,
    drafts: folder,
    archive: { total: 2, unread: 1 },
    trash: folder,
  };
  client.setQueryData(emailKeys.counts, { counts });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Tooltip.Provider>
          <Sidebar expanded={expanded} clientInterface={clientInterface} />
        </Tooltip.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('sidebar unread mail', () => {
  it('shows the inbox’s unread on the Email item, said to screen readers', () => {
    renderSidebar(true, 3);
    const email = screen.getByRole('link', { name: /^Email/ });
    expect(screen.getByTestId('email-unread').textContent).toBe('3 unread');
    expect(email.textContent).toContain('3 unread');
    expect(screen.getAllByText(/unread/)).toHaveLength(1);
  });

  it('shows nothing without unread mail, and names the count when collapsed', () => {
    const { unmount } = renderSidebar(true, 0);
    expect(screen.queryByTestId('email-unread')).toBeNull();
    unmount();
    renderSidebar(false, 120);
    expect(screen.getByRole('link', { name: 'Email, 120 unread' })).toBeTruthy();
    expect(screen.getByTestId('email-unread').textContent).toBe('99+');
    expect(badgeCount(99)).toBe('99');
  });
});

describe('sidebar for the client interface', () => {
  it('lists People, Requests and Reports below the workspace, a person’s page under People', () => {
    renderSidebar(true, 0, { path: '/client/people/42', clientInterface: true });
    const nav = screen.getByRole('navigation', { name: 'Client Interface' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['People', 'Requests', 'Reports']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/client',
      '/client/requests',
      '/client/reports',
    ]);
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual(['page', null, null]);
    // The workspace's nine stay, none of them current.
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(main.querySelectorAll('a')).toHaveLength(9);
    expect(main.querySelector('[aria-current="page"]')).toBeNull();
  });

  it('names each page when collapsed, and is absent outside the client interface', () => {
    const { unmount } = renderSidebar(false, 0, { path: '/client/reports', clientInterface: true });
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    unmount();
    renderSidebar(true, 0);
    expect(screen.queryByRole('navigation', { name: 'Client Interface' })).toBeNull();
  });
});
