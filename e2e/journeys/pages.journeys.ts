import assert from 'node:assert/strict';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectPath, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { signIn } from '../support/ui';

export const pagesJourneys: Journey[] = [
  {
    name: '404 page and the signed-out aliases (/auth, /auth/reset-password)',
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      for (const path of ['/nope', '/app-nope', '/unified', '/auth/unknown']) {
        await page.goto(path);
        await expectVisible(page.getByText('Oops! Page not found'), `404 for ${path}`);
      }
      await checkA11y(page, '404');
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await expectPath(page, '/');
      await page.goto('/auth');
      await expectVisible(page.getByRole('tab', { name: 'Sign In' }), '/auth is the auth screen');
      await page.goto('/auth/reset-password');
      await expectVisible(
        page.getByText('This reset link is incomplete. Please request a new one.'),
        'no token',
      );
      await checkA11y(page, 'reset screen without token');
    },
  },
  {
    name: 'every spec link lands on a page: /app redirects and DESIGN §7 aliases',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('aliases'));
      const page = await newPage();
      await signIn(page, account);
      const cases: [string, string][] = [
        ['/app', '/app/dashboard'],
        ['/app/', '/app/dashboard'],
        ['/app/unknown/deep', '/app/dashboard'],
        ['/dashboard', '/app/dashboard'],
        ['/app/chat', '/app/chat/new'],
        ['/app/chat/abc-123', '/app/chat/abc-123'],
        ['/app/voice-notes', '/app/voice-notes/inbox'],
        ['/app/voice-notes/recorder', '/app/voice-notes/recorder'],
        ['/app/email', '/app/email/inbox'],
        ['/app/email/trash', '/app/email/trash'],
        ['/app/calls', '/app/calls/history'],
        ['/app/calls/room/xyz', '/app/calls/room/xyz'],
        ['/app/journal', '/app/journal/text/new'],
        ['/app/journal/calendar', '/app/journal/calendar'],
        ['/app/profile', '/app/profile/personal-info'],
        ['/app/profile/security', '/app/profile/security'],
        ['/app/settings', '/app/settings/alerts'],
        ['/app/settings/compliance', '/app/settings/compliance'],
        ['/app/help', '/app/help/faq'],
        ['/unified/chat', '/app/chat/new'],
        ['/unified/chat?new=true', '/app/chat/new?new=true'],
        ['/unified/voice', '/app/voice-notes/inbox'],
        ['/unified/email?compose=true', '/app/email/compose'],
        ['/unified/calls?new=true', '/app/calls/history?new=true'],
        ['/unified/journal?new=true', '/app/journal/text/new?new=true'],
        ['/unified/settings', '/app/settings/alerts'],
        ['/user/profile', '/app/profile/personal-info'],
        ['/user/settings', '/app/settings/alerts'],
        ['/user', '/app/dashboard'],
      ];
      for (const [from, to] of cases) {
        await page.goto(from);
        await expectPath(page, to);
        await expectVisible(page.locator('main h1'), `a page header at ${to}`);
      }
    },
  },
  {
    name: 'help: FAQ, keyboard shortcuts, contact support; axe on every workspace page',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('help'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/help/faq');
      await expectVisible(page.getByText(/'New Chat', or press Cmd\+N/), 'FAQ new chat');
      await expectVisible(page.getByText('How do I record a voice note?'), 'FAQ voice notes');
      await page.getByRole('link', { name: 'Keyboard Shortcuts' }).click();
      await expectPath(page, '/app/help/keyboard-shortcuts');
      for (const [keys, action] of [
        ['Cmd+1', 'Dashboard'],
        ['Cmd+2', 'Chat'],
        ['Cmd+3', 'Voice Notes'],
        ['Cmd+N', 'New Chat'],
        ['Cmd+K', 'Search'],
      ])
        await expectVisible(
          page.getByRole('row', { name: `${keys} ${action}`, exact: true }),
          `${keys} row`,
        );
      await page.getByRole('link', { name: 'Contact Support' }).click();
      await expectVisible(page.getByTestId('support-email'), 'support email');
      assert.match((await page.getByTestId('support-email').innerText()).trim(), /^\S+@\S+$/);
      await expectVisible(page.getByText(/within 24 hours/), '24 hours');
      for (const path of [
        '/app/dashboard',
        '/app/chat/new',
        '/app/voice-notes/inbox',
        '/app/email/inbox',
        '/app/calls/history',
        '/app/journal/text/new',
        '/app/profile/personal-info',
        '/app/settings/alerts',
        '/app/help/faq',
        '/app/help/keyboard-shortcuts',
        '/app/help/contact-support',
      ]) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        await checkA11y(page, path);
      }
      await page.getByTestId('avatar-menu-trigger').click();
      await expectVisible(page.getByRole('menu'), 'avatar menu');
      await checkA11y(page, 'avatar menu');
    },
  },
  {
    name: 'appearance: the saved theme is applied before first paint (no flash), dark mode passes axe',
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      await page.addInitScript(() => {
        localStorage.setItem(
          'kaleido:appearance',
          JSON.stringify({ theme: 'dark', fontSize: 'large', visualSoftness: 'soft' }),
        );
        // Record the theme at the first moment the body exists, before any app script ran.
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { firstPaintTheme: string }).firstPaintTheme =
            document.documentElement.className;
        });
      });
      await page.goto('/');
      await expectVisible(page.getByRole('link', { name: 'Get Started' }), 'landing');
      const first = await page.evaluate(
        () => (window as unknown as { firstPaintTheme: string }).firstPaintTheme,
      );
      assert.match(first, /\bdark\b/);
      const root = await page.evaluate(() => ({
        fontSize: document.documentElement.dataset.fontSize,
        softness: document.documentElement.dataset.softness,
        px: getComputedStyle(document.documentElement).fontSize,
      }));
      assert.deepEqual(root, { fontSize: 'large', softness: 'soft', px: '18px' });
      await checkA11y(page, 'landing in dark mode');
      await page.goto('/login');
      await expectVisible(page.getByRole('tab', { name: 'Sign In' }), 'auth screen');
      await checkA11y(page, 'auth screen in dark mode');
    },
  },
];
