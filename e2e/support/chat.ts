// What the chat journeys share: two people in a conversation, sending and reading messages.
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, makeFindable, newAccount, type Account } from './accounts';
import { expectPath, expectVisible } from './expect';
import type { JourneyContext } from './harness';
import { signIn } from './ui';

/**
 * A file of `bytes` zero bytes on disk, for the size limits. Handed to setInputFiles as a path, the
 * browser reads it itself; as a buffer, 10 MB crossed the DevTools protocol as base64 and took
 * longer than the action timeout when CI's machine was busy.
 */
export function fileOfSize(name: string, bytes: number): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kaleido-upload-')), name);
  writeFileSync(path, '');
  truncateSync(path, bytes);
  return path;
}

/** A 2×2 red PNG: small, valid, and recognised as an image by its content. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Runs in the page: remembers the tab's WebSocket (`__ws`) and, while `__blockWs` is set, hands
 * out sockets that close at once, as a network that is down would.
 */
export function trackSockets() {
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

export async function openChat(ctx: JourneyContext, account: Account): Promise<Page> {
  const page = await ctx.newPage();
  await page.addInitScript(trackSockets);
  await signIn(page, account);
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
export async function startConversation(page: Page, partner: Account): Promise<string> {
  await page.getByRole('button', { name: 'New Chat', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Start New Conversation' });
  // A partial, differently cased part of the name finds the person.
  await dialog.getByLabel('Find users').fill(partner.fullName.slice(4).toUpperCase());
  await dialog.getByRole('button', { name: new RegExp(partner.email) }).click();
  await expectPath(page, /^\/app\/chat\/[0-9a-f-]{36}$/);
  await dialog.waitFor({ state: 'detached' });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

export async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByLabel('Message', { exact: true }).press('Enter');
}

export function messages(page: Page) {
  return page.getByRole('log', { name: 'Messages' }).getByTestId('chat-message-content');
}

export async function expectMessage(page: Page, text: string, who: string): Promise<void> {
  await expectVisible(messages(page).getByText(text, { exact: true }), `${who} sees '${text}'`);
}

export async function twoPeopleInAConversation(ctx: JourneyContext, label: string) {
  const [a, b] = await Promise.all([
    createVerifiedAccount(ctx.baseUrl, newAccount(`${label}-a`)),
    createVerifiedAccount(ctx.baseUrl, newAccount(`${label}-b`)).then((b) =>
      makeFindable(ctx.baseUrl, b),
    ),
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
