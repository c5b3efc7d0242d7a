import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createVerifiedAccount, newAccount, type Account } from '../support/accounts';
import { dismissToasts, expectPath, expectToast, expectVisible } from '../support/expect';
import { withJourneyContext, type Journey, type JourneyContext } from '../support/harness';
import { signInThroughUi } from '../support/ui';

/** A 2×2 red PNG: small, valid, and recognised as an image by its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Runs in the page: remembers the tab's WebSocket (`__ws`) and, while `__blockWs` is set, hands
 * out sockets that close at once, as a network that is down would.
 */
function trackSockets() {
  const w = window as unknown as { __blockWs: boolean; __ws?: WebSocket };
  w.__blockWs = false;
  const Original = window.WebSocket;
  window.WebSocket = new Proxy(Original, {
    construct(target, args: ConstructorParameters<typeof WebSocket>) {
      if (w.__blockWs) {
        const dead = new EventTarget() as EventTarget & { readyState: number; close: () => void };
        dead.readyState = 3;
        dead.close = () => undefined;
        setTimeout(() => dead.dispatchEvent(Object.assign(new Event('close'), { code: 1006 })), 50);
        return dead;
      }
      const socket = new target(...args);
      w.__ws = socket;
      return socket;
    },
  });
}

async function openChat(ctx: JourneyContext, account: Account): Promise<Page> {
  const page = await ctx.newPage();
  await page.addInitScript(trackSockets);
  await signInThroughUi(page, account);
  await page.goto('/app/chat');
  await expectPath(page, '/app/chat/new');
  await expectVisible(page.getByRole('heading', { name: 'Conversations' }), 'the list');
  await expectVisible(
    page.locator('[data-testid="online-indicator"][data-realtime="open"]'),
    'realtime connected',
  );
  return page;
}

/** Starts (or reopens) a conversation through the 'Start New Conversation' dialog. */
async function startConversation(page: Page, partner: Account): Promise<string> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Start New Conversation' });
  // A partial, differently cased part of the name finds the person.
  await dialog.getByLabel('Find users').fill(partner.fullName.slice(4).toUpperCase());
  await dialog.getByRole('button', { name: new RegExp(partner.email) }).click();
  await expectPath(page, /^\/app\/chat\/[0-9a-f-]{36}$/);
  await dialog.waitFor({ state: 'detached' });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByLabel('Message', { exact: true }).press('Enter');
}

function messages(page: Page) {
  return page.getByRole('log', { name: 'Messages' }).getByTestId('chat-message-content');
}

async function expectMessage(page: Page, text: string, who: string): Promise<void> {
  await expectVisible(messages(page).getByText(text, { exact: true }), `${who} sees '${text}'`);
}

async function twoPeopleInAConversation(ctx: JourneyContext, label: string) {
  const [a, b] = await Promise.all([
    createVerifiedAccount(ctx.baseUrl, newAccount(`${label}-a`)),
    createVerifiedAccount(ctx.baseUrl, newAccount(`${label}-b`)),
  ]);
  const pageA = await openChat(ctx, a);
  const pageB = await openChat(ctx, b);
  const id = await startConversation(pageA, b);
  await pageB.goto(`/app/chat/${id}`);
  await expectVisible(pageB.getByRole('heading', { name: a.fullName }), 'B has it open').catch(
    async (error: unknown) => {
      throw new Error(`${String(error)}; B sees: ${await pageB.locator('main').innerText()}`);
    },
  );
  return { a, b, pageA, pageB, id };
}

export const chatJourneys: Journey[] = [
  {
    name: 'chat: search, create with a toast, send, live receive, list reorder and unread, the rules',
    async run(ctx) {
      const [a, b, c] = (await Promise.all(
        ['chat-a', 'chat-b', 'chat-c'].map((l) =>
          createVerifiedAccount(ctx.baseUrl, newAccount(l)),
        ),
      )) as [Account, Account, Account];
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
    name: 'chat: a PNG attachment shows inline to the partner; too large is refused before upload',
    async run(ctx) {
      const { pageA, pageB } = await twoPeopleInAConversation(ctx, 'chat-file');
      await pageA
        .getByTestId('chat-file-input')
        .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
      const image = pageB.getByRole('img', { name: 'dot.png' });
      await expectVisible(image, 'the image on B');
      await pageB.waitForFunction(
        () => document.querySelector<HTMLImageElement>('img[alt="dot.png"]')?.naturalWidth === 2,
      );
      await expectMessage(pageB, '[image file: dot.png]', 'B');

      await pageA.getByTestId('chat-file-input').setInputFiles({
        name: 'big.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
      });
      await expectToast(pageA, 'File Too Large', 'File size must be less than 10MB');
    },
  },
  {
    name: 'chat: a voice message from the fake microphone plays for both',
    async run(ctx) {
      const wav = join(mkdtempSync(join(tmpdir(), 'kaleido-voice-')), 'hello.wav');
      execFileSync('espeak-ng', ['-w', wav, 'hello this is a voice message from the journey']);
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-audio-capture=${wav}`,
        ],
      });
      try {
        await withJourneyContext(browser, ctx.baseUrl, async (voiceCtx) => {
          const { pageA, pageB } = await twoPeopleInAConversation(voiceCtx, 'chat-voice');
          await pageA.getByRole('button', { name: 'Record voice message' }).click();
          await expectVisible(pageA.getByText('Recording…'), 'recording');
          await pageA.waitForTimeout(3_000);
          await pageA.getByRole('button', { name: 'Stop recording and send' }).click();
          await expectMessage(pageA, '[Voice message]', 'A');
          await expectVisible(pageA.locator('audio'), 'player on A');
          await expectVisible(pageB.locator('audio[src^="/api/chat/media/"]'), 'player on B');
          // The transcript would replace '[Voice message]' in place ('message.updated'), but the
          // server does not yet hand chat voice messages to the speech module (no ChatHooks
          // in app.ts), so this journey stops at the playable message.
        });
      } finally {
        await browser.close();
      }
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
  {
    name: 'chat: a refused microphone shows Recording Error',
    async run(ctx) {
      const { pageA } = await twoPeopleInAConversation(ctx, 'chat-mic');
      // The person says no (the shared browser may have a fake microphone that always says yes).
      await pageA.evaluate(() => {
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      await pageA.getByRole('button', { name: 'Record voice message' }).click();
      await expectToast(
        pageA,
        'Recording Error',
        'Unable to access microphone. Please check permissions.',
      );
    },
  },
];
