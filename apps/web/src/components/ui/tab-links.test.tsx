import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CONSOLE_SECTIONS } from '../../features/admin/components/console-nav';
import { TabLinks } from './tab-links';

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <TabLinks label="Admin console" tabs={CONSOLE_SECTIONS} />
    </MemoryRouter>,
  );

describe('a page’s sections as tab links', () => {
  it('names the row, links every section and marks only the current one', () => {
    at('/admin/audit');
    const nav = screen.getByRole('navigation', { name: 'Admin console' });
    expect(nav.querySelectorAll('a')).toHaveLength(CONSOLE_SECTIONS.length);
    const current = screen.getAllByRole('link').filter((link) => link.ariaCurrent === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Audit log']);
  });

  it('an `end` section is current on its own path only, not under its sub-pages', () => {
    at('/admin/users/42');
    const current = screen.getAllByRole('link').filter((link) => link.ariaCurrent === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Users']);
  });
});
