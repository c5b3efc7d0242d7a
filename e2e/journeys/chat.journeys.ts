import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createVerifiedAccount, makeFindable, newAccount, type Account } from '../support/accounts';
import { dismissToasts, expectPath, expectToast, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import {
  openChat,
  startConversation,
  send,
  messages,
  expectMessage,
  twoPeopleInAConversation,
} from '../support/chat';

export const chatJourneys: Journey[] = [
  {
    name: 'chat: search, create with a toast, send, live receive, list reorder and unread, the rules',
    async run(ctx) {
      const [a, b, c] = (await Promise.all(
        ['chat-a', 'chat-b', 'chat-c'].map((l) =>
          createVerifiedAccount(ctx.baseUrl, newAccount(l)),
        ),
      )) as [Account, Account, Account];
      // B and C let people find them by name (decision 045); a stranger would not be listed.
      await Promise.all([makeFindable(ctx.baseUrl, b), makeFindable(ctx.baseUrl, c)]);
      const pageA = await openChat(ctx, a);
      await expectVisible(pageA.getByText('No conversations yet'), 'empty list');
      await expectVisible(
        pageA.getByText('Start a conversation to connect with others'),
        'empty list hint',
      );
      await expectVisible(pageA.getByRole('heading', { name: 'Welcome to Chat' }), 'welcome');
      await ctx.checkA11y(pageA, 'empty chat');

      await pageA.getByRole('button', { name: 'Start New Conversation' }).click();
      await expectPath(pageA, '/app/chat/new?new=true');
      const dialog = pageA.getByRole('dialog', { name: 'Start New Conversation' });
      await expectVisible(dialog.getByLabel('Find users'), "'Find users' in the dialog");
      await ctx.checkA11y(pageA, 'new conversation dialog');
      await pageA.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expectPath(pageA, '/app/chat/new');
      const withB = await startConversation(pageA, b);
      await expectToast(pageA, 'Success', 'Conversation created successfully');
      await dismissToasts(pageA);

      const pageB = await openChat(ctx, b);
      await send(pageA, 'Hello from A');
      await expectMessage(pageA, 'Hello from A', 'A');
      // B's list learns of the new conversation live, with one unread.
      const rowOnB = pageB.getByRole('link', { name: new RegExp(a.fullName) });
      await expectVisible(rowOnB.getByLabel('1 unread'), 'unread 1 on B');
      await rowOnB.click();
      await expectMessage(pageB, 'Hello from A', 'B');
      await rowOnB.getByLabel('1 unread').waitFor({ state: 'detached' });
      await expectVisible(pageA.getByText('Seen', { exact: true }), 'read receipt on A');

      // Typing shows on the other side; Shift+Enter makes a new line, Enter sends.
      const boxB = pageB.getByLabel('Message', { exact: true });
      await boxB.pressSequentially('Hi A');
      await expectVisible(pageA.getByText(`${b.fullName} is typing…`), 'typing indicator');
      await boxB.press('Shift+Enter');
      await boxB.pressSequentially('second line');
      await boxB.press('Enter');
      await expectVisible(
        messages(pageA).filter({ hasText: /Hi A\s+second line/ }),
        'A receives the two-line message live',
      );
      // A has that conversation open: its notification does not ring, and A's page marks it read
      // as it arrives (the page's request may land a moment after the row: poll for both).
      for (let tries = 0; ; tries += 1) {
        const bell = await pageA.evaluate(async () => {
          const response = await fetch('/api/notifications');
          return (await response.json()) as {
            notifications: { message: string }[];
            unread: number;
          };
        });
        const arrived = bell.notifications.some((n) => n.message.includes('second line'));
        if (arrived && bell.unread === 0) break;
        if (tries === 50) {
          assert.ok(arrived, 'the message’s notification reached the server');
          assert.equal(bell.unread, 0, 'the open conversation’s message left nothing unread');
        }
        await pageA.waitForTimeout(200);
      }
      assert.equal(await pageA.getByTestId('notification-badge').count(), 0, 'no badge');

      // Empty and whitespace-only text is never sent; harmful text is refused with the message.
      const before = await messages(pageA).count();
      await send(pageA, '   ');
      assert.equal(await pageA.getByRole('button', { name: 'Send message' }).isDisabled(), true);
      await send(pageA, 'look <script>alert(1)</script>');
      await expectVisible(
        pageA.getByRole('alert').getByText('Content contains potentially harmful code'),
        'harmful-code message',
      );
      await send(pageA, '   trimmed   ');
      await expectMessage(pageA, 'trimmed', 'A');
      assert.equal(await messages(pageA).count(), before + 1);

      // The list reorders live: the newest activity first.
      await pageA.goto('/app/chat/new');
      const withC = await startConversation(pageA, c);
      assert.notEqual(withC, withB);
      await send(pageA, 'Hello C');
      await expectMessage(pageA, 'Hello C', 'A');
      const firstRow = pageA.getByTestId('conversation-list').getByRole('link').first();
      await expectVisible(firstRow.filter({ hasText: c.fullName }), 'C on top');
      await send(pageB, 'B again');
      await expectVisible(firstRow.filter({ hasText: b.fullName }), 'B back on top, live');
      await expectVisible(firstRow.getByLabel('1 unread'), 'unread for B on A');

      // Starting a conversation with B again opens the existing one.
      await dismissToasts(pageA);
      await startConversation(pageA, b);
      await expectPath(pageA, `/app/chat/${withB}`);
      await expectMessage(pageA, 'B again', 'A');
      await ctx.checkA11y(pageA, 'open conversation');

      // A link with ?with=<user id> (the palette's Search Contacts) opens that conversation.
      const found = (await (
        await pageA.request.get(`/api/users/search?q=${encodeURIComponent(c.email)}`)
      ).json()) as { users: { user_id: string }[] };
      await pageA.goto(`/app/chat/new?with=${found.users[0]?.user_id ?? ''}`);
      await expectPath(pageA, `/app/chat/${withC}`);
      await expectMessage(pageA, 'Hello C', 'A');
    },
  },
  {
    name: 'chat: a dropped socket resumes from the last seq; nothing lost, nothing twice',
    async run(ctx) {
      const { pageA, pageB } = await twoPeopleInAConversation(ctx, 'chat-resume');
      await send(pageA, 'before the drop');
      await expectMessage(pageB, 'before the drop', 'B');
      // Take B's socket down and keep it down (each reconnect attempt fails) while A sends.
      await pageB.evaluate(() => {
        const w = window as unknown as { __blockWs: boolean; __ws?: WebSocket };
        w.__blockWs = true;
        w.__ws?.close(3000, 'journey drop');
      });
      for (const text of ['while away 1', 'while away 2']) {
        await send(pageA, text);
        await expectVisible(
          pageA
            .locator('[data-testid="chat-message"][data-status="sent"]')
            .filter({ hasText: text }),
          `'${text}' stored`,
        );
      }
      await pageB.evaluate(() => {
        (window as unknown as { __blockWs: boolean }).__blockWs = false;
      });
      await expectMessage(pageB, 'while away 2', 'B after resuming');
      await send(pageA, 'after the return');
      await expectMessage(pageB, 'after the return', 'B live again');
      for (const text of ['before the drop', 'while away 1', 'while away 2', 'after the return'])
        assert.equal(await messages(pageB).getByText(text, { exact: true }).count(), 1, text);
    },
  },
  {
    name: 'chat: a long conversation opens at the newest and loads earlier pages on request',
    async run(ctx) {
      const { pageA, pageB, id } = await twoPeopleInAConversation(ctx, 'chat-long');
      const { csrfToken } = (await (await pageA.request.get('/api/session')).json()) as {
        csrfToken: string;
      };
      for (let i = 1; i <= 105; i += 1) {
        const response = await pageA.request.post(`/api/chat/conversations/${id}/messages`, {
          headers: { 'x-csrf-token': csrfToken },
          data: { clientId: randomUUID(), content: `number ${i}` },
        });
        assert.equal(response.status(), 201);
      }
      await pageB.reload();
      await expectMessage(pageB, 'number 105', 'B');
      assert.equal(await messages(pageB).getByText('number 5', { exact: true }).count(), 0);
      await pageB.getByRole('button', { name: 'Load earlier messages' }).click();
      await expectMessage(pageB, 'number 1', 'B after loading earlier');
      await pageB
        .getByRole('button', { name: 'Load earlier messages' })
        .waitFor({ state: 'detached' });
      assert.equal(await messages(pageB).count(), 105);
    },
  },
];
