import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { MailAction, MailFolder, MailMessage } from '@kaleido/shared/email/email.schemas';
import { usersSearchKeys } from '../../../lib/api/users-search';
import { ComposeForm } from './compose-form';
import { counterpartOf, MessageRow, timeOf } from './message-row';
import { RecipientInput } from './recipient-input';
import { SelectionToolbar } from './selection-toolbar';

const person = (name: string) => ({ userId: name, name, email: `${name.toLowerCase()}@x.test` });
const message = (over: Partial<MailMessage> = {}): MailMessage => ({
  id: 'm1',
  threadId: 'm1',
  inReplyTo: null,
  from: person('Ada'),
  to: [person('Bo'), person('Cy')],
  cc: [],
  subject: 'Weekly letter',
  content: 'Hello',
  snippet: 'Hello',
  timestamp: '2027-03-17T09:30:00Z',
  isRead: false,
  isStarred: false,
  folder: 'inbox',
  attachments: [],
  ...over,
});

function toolbar(folder: MailFolder, selected: string[], trashTotal = 0) {
  const done: (MailAction | 'empty')[] = [];
  const { container } = render(
    <SelectionToolbar
      folder={folder}
      selected={selected}
      trashTotal={trashTotal}
      onAct={(a) => done.push(a)}
      onEmptyTrash={() => done.push('empty')}
    />,
  );
  const bar = within(container).getByRole('toolbar', { name: 'Selected messages' });
  const names = within(bar)
    .queryAllByRole('button')
    .map((b) => b.textContent);
  return { bar, names, done };
}

describe('SelectionToolbar', () => {
  it('offers what fits the folder once something is selected', () => {
    expect(toolbar('inbox', []).names).toEqual([]);
    expect(toolbar('inbox', ['a']).names).toEqual([
      'Archive',
      'Delete',
      'Mark read',
      'Mark unread',
      'Star',
    ]);
  });

  it('never archives from sent or archive', () => {
    expect(toolbar('sent', ['a']).names).not.toContain('Archive');
    expect(toolbar('archive', ['a']).names).not.toContain('Archive');
  });

  it('restores and deletes forever in the trash, and empties it while it holds anything', async () => {
    const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const { bar, names, done } = toolbar('trash', ['a'], 3);
    expect(names).toEqual([
      'Restore',
      'Delete forever',
      'Mark read',
      'Mark unread',
      'Star',
      'Empty trash',
    ]);
    fireEvent.click(within(bar).getByRole('button', { name: 'Restore' }));
    // What cannot be undone asks first, saying what goes.
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete forever' }));
    const forever = screen.getByRole('dialog', { name: 'Delete 1 message forever?' });
    expect(forever.textContent).toContain('This cannot be undone.');
    expect(done).toEqual(['restore']);
    fireEvent.click(within(forever).getByRole('button', { name: 'Delete forever' }));
    await closed();
    fireEvent.click(within(bar).getByRole('button', { name: 'Empty trash' }));
    const empty = screen.getByRole('dialog', { name: 'Empty trash?' });
    expect(empty.textContent).toContain('All 3 messages in the trash');
    fireEvent.click(within(empty).getByRole('button', { name: 'Cancel' }));
    await closed();
    expect(done).toEqual(['restore', 'delete']);
    fireEvent.click(within(bar).getByRole('button', { name: 'Empty trash' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Empty trash?' })).getByRole('button', {
        name: 'Empty trash',
      }),
    );
    expect(done).toEqual(['restore', 'delete', 'empty']);
  });

  it('has no Empty trash for an empty trash', () => {
    expect(toolbar('trash', [], 0).names).toEqual([]);
  });
});

describe('MessageRow', () => {
  it('names the sender of received mail and the recipients of sent mail and drafts', () => {
    expect(counterpartOf(message())).toBe('Ada');
    expect(counterpartOf(message({ folder: 'sent' }))).toBe('To: Bo, Cy');
    expect(counterpartOf(message({ folder: 'drafts', to: [] }))).toBe('To: —');
  });

  it('shows the hour today and the day before', () => {
    const today = new Date('2027-03-17T12:00:00');
    expect(timeOf(new Date('2027-03-17T09:30:00').toISOString(), today)).toMatch(/09|9/);
    expect(timeOf(new Date('2027-03-02T09:30:00').toISOString(), today)).toMatch(/Mar/);
  });

  it('marks unread mail, names its checkbox, and stars', () => {
    const starred: string[] = [];
    render(
      <ul>
        <MessageRow
          message={message({ subject: '' })}
          selected={false}
          onToggle={() => undefined}
          onOpen={() => undefined}
          onStar={() => starred.push('m1')}
        />
      </ul>,
    );
    expect(screen.getByTestId('mail-row').dataset.unread).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Select (no subject)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Star' }));
    expect(starred).toEqual(['m1']);
  });
});

function Recipients({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RecipientInput label="To" value={value} onChange={setValue} />
      <output data-testid="value">{value.join('|')}</output>
    </>
  );
}

function renderRecipients(initial: string[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(usersSearchKeys.text('bo'), [
    { id: 'p', user_id: 'u', full_name: 'Bo Brooks', email: 'bo@x.test' },
  ]);
  render(
    <QueryClientProvider client={client}>
      <Recipients initial={initial} />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'To' });
}

const value = () => screen.getByTestId('value').textContent;

describe('RecipientInput', () => {
  it('adds what was typed on Enter or comma, once whatever the case', () => {
    const input = renderRecipients();
    fireEvent.change(input, { target: { value: 'ada@x.test' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'ADA@x.test' } });
    fireEvent.keyDown(input, { key: ',' });
    fireEvent.change(input, { target: { value: 'cy@x.test' } });
    fireEvent.keyDown(input, { key: ',' });
    expect(value()).toBe('ada@x.test|cy@x.test');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('removes the last one with Backspace in an empty field, or one by its button', () => {
    const input = renderRecipients(['a@x.test', 'b@x.test', 'c@x.test']);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(value()).toBe('a@x.test|b@x.test');
    fireEvent.click(screen.getByRole('button', { name: 'Remove a@x.test' }));
    expect(value()).toBe('b@x.test');
  });

  it('suggests people after a pause and adds the one chosen by address', async () => {
    const input = renderRecipients();
    fireEvent.change(input, { target: { value: 'bo' } });
    const option = await screen.findByRole('option', {}, { timeout: 2000 });
    expect(option.textContent).toContain('Bo Brooks');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(option).getByRole('button'));
    expect(value()).toBe('bo@x.test');
  });
});

describe('ComposeForm', () => {
  it('starts a new message to the address the link gave (a professional’s "Email <name>")', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ComposeForm draftId="d1" initial={null} to="olive@x.test" onDone={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Remove olive@x.test' })).toBeTruthy();
  });
});
