import assert from 'node:assert/strict';
import { createVerifiedAccount, makeFindable, newAccount } from '../support/accounts';
import { expectPath, expectToast, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { fileOfSize, PNG, twoPeopleInAConversation } from '../support/chat';
import { signIn } from '../support/ui';

const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

export const shellJourneys: Journey[] = [
  {
    name: 'sidebar: Ctrl+B and the toggle collapse it, the cookie keeps it 7 days, tooltips, Ctrl+digits',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('sidebar'));
      const page = await newPage();
      await signIn(page, account);
      const sidebar = page.getByTestId('sidebar');
      assert.equal(await sidebar.getAttribute('data-state'), 'expanded');
      assert.equal(Math.round((await sidebar.boundingBox())?.width ?? 0), 256);
      await page.keyboard.press('Control+b');
      await expectVisible(
        page.locator('[data-testid="sidebar"][data-state="collapsed"]'),
        'collapsed sidebar',
      );
      const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar:state');
      assert.ok(cookie, 'sidebar:state cookie');
      assert.equal(cookie.value, 'false');
      const lifetime = cookie.expires - Date.now() / 1000;
      assert.ok(Math.abs(lifetime - SEVEN_DAYS_S) < 120, `cookie lifetime ${lifetime}`);
      await page.waitForTimeout(300);
      assert.equal(Math.round((await sidebar.boundingBox())?.width ?? 0), 64);
      await page.reload();
      await expectVisible(
        page.locator('[data-testid="sidebar"][data-state="collapsed"]'),
        'still collapsed',
      );
      // Collapsed: icons with tooltips of label and shortcut, after 300 ms.
      await sidebar.getByRole('link', { name: 'Chat' }).hover();
      await expectVisible(page.getByRole('tooltip').getByText('Chat (Ctrl+2)'), 'Chat tooltip');
      await checkA11y(page, 'collapsed sidebar');
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await expectVisible(
        page.locator('[data-testid="sidebar"][data-state="expanded"]'),
        'expanded again',
      );
      // Ctrl+digit shortcuts and the current item.
      const shortcuts: [string, string | RegExp][] = [
        ['2', '/app/chat/new'],
        ['3', '/app/voice-notes/inbox'],
        ['4', '/app/email/inbox'],
        ['5', '/app/calls/history'],
        ['6', '/app/journal/text/new'],
        ['7', '/app/profile/personal-info'],
        ['8', '/app/settings/alerts'],
        ['9', '/app/help/faq'],
        ['1', '/app/dashboard'],
      ];
      for (const [key, path] of shortcuts) {
        await page.keyboard.press(`Control+${key}`);
        await expectPath(page, path);
      }
      await page.keyboard.press('Control+6');
      await expectVisible(
        sidebar.locator('a[aria-current="page"]', { hasText: 'Journal' }),
        'Journal current',
      );
      await page.keyboard.press('Control+n');
      await expectPath(page, '/app/chat/new?new=true');
      await expectVisible(
        page.getByRole('dialog', { name: 'Start New Conversation' }),
        'the new chat dialog',
      );
    },
  },
  {
    name: 'sidebar: below 768 px it is a slide-in sheet',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('mobile'));
      const page = await newPage({ viewport: { width: 500, height: 800 } });
      await signIn(page, account);
      assert.equal(await page.getByTestId('sidebar').isVisible(), false);
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      const sheet = page.getByTestId('sidebar-sheet');
      await expectVisible(sheet, 'sheet');
      assert.equal(Math.round((await sheet.boundingBox())?.width ?? 0), 18 * 16);
      await checkA11y(page, 'mobile sheet');
      await sheet.getByRole('link', { name: 'Journal' }).click();
      await expectPath(page, '/app/journal/text/new');
      await sheet.waitFor({ state: 'detached' });
      await page.keyboard.press('Control+b');
      await expectVisible(sheet, 'sheet from Ctrl+B');
    },
  },
  {
    name: 'command palette: Ctrl+K and the trigger, every entry, empty text, navigation and recent activity',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('palette'));
      const page = await newPage();
      await signIn(page, account);
      await page.keyboard.press('Control+k');
      const palette = page.getByTestId('command-palette');
      await expectVisible(palette, 'palette');
      const input = palette.getByPlaceholder('Type to search or execute commands...');
      await expectVisible(input, 'placeholder');
      await checkA11y(page, 'palette');
      for (const entry of [
        'Chat',
        'Voice Notes',
        'Email',
        'Calls',
        'Journal',
        'Settings',
        'Start New Chat',
        'Start New Call',
        'Compose Email',
        'New Journal Entry',
        'Search Everything',
        'Search Contacts',
        'Search Files',
      ])
        await expectVisible(
          palette.getByRole('option', { name: entry, exact: true }),
          `entry ${entry}`,
        );
      await page.keyboard.press('Escape');
      await expectVisible(page.getByTestId('avatar-menu-trigger'), 'palette closed');
      assert.equal(await palette.count(), 0);
      // Opened from its button, it gives focus back to the button when closed.
      await page.getByRole('button', { name: /Search or run a command/ }).click();
      await expectVisible(palette, 'palette from the trigger');
      await page.keyboard.press('Escape');
      await palette.waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => document.activeElement?.textContent.includes('Search or run a command') === true,
        null,
        { timeout: 3_000 },
      );
      await page.keyboard.press('Meta+k');
      await expectVisible(palette, 'palette from Cmd+K');
      await input.fill('zzzz');
      await expectVisible(palette.getByText('No results found.'), 'empty text');
      await input.fill('New Journal');
      await page.keyboard.press('Enter');
      await expectPath(page, '/app/journal/text/new?new=true');
      assert.equal(await palette.count(), 0);
      const targets: [string, string][] = [
        ['Voice Notes', '/app/voice-notes/inbox'],
        // The palette's link; the email area then opens its compose page.
        ['Compose Email', '/app/email/compose'],
        ['Start New Call', '/app/calls/history?new=true'],
        ['Settings', '/app/settings/alerts'],
        ['Start New Chat', '/app/chat/new?new=true'],
      ];
      for (const [entry, path] of targets) {
        await page.getByRole('button', { name: /Search or run a command/ }).click();
        await page
          .getByTestId('command-palette')
          .getByRole('option', { name: entry, exact: true })
          .click();
        await expectPath(page, path);
        // 'Start New Call' asks whom to call; a person closes that before going elsewhere.
        if (entry === 'Start New Call') {
          const whom = page.getByRole('dialog', { name: 'Start a call' });
          await expectVisible(whom, 'the whom-to-call dialog');
          await page.keyboard.press('Escape');
          await whom.waitFor({ state: 'detached' });
        }
      }
      const stored = await page.evaluate(() => localStorage.getItem('kaleido:ui'));
      const ui = JSON.parse(stored ?? '{}') as {
        activeModality: string;
        recentActivities: { title: string }[];
      };
      assert.equal(ui.activeModality, 'chat');
      assert.deepEqual(
        ui.recentActivities.map((a) => a.title),
        [
          'Start New Chat',
          'Settings',
          'Start New Call',
          'Compose Email',
          'Voice Notes',
          'New Journal Entry',
        ],
      );
      assert.ok(
        !('isCommandPaletteOpen' in ui) && !('isDrawerOpen' in ui),
        'palette/drawer state not stored',
      );
      // The chat opens its Start New Conversation dialog for ?new=true; close it.
      await page
        .getByRole('dialog')
        .waitFor({ timeout: 3_000 })
        .catch(() => undefined);
      while ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape');
      await page.keyboard.press('Control+1');
      await expectVisible(
        page.getByTestId('recent-activities').getByText('Start New Chat'),
        'recent activity',
      );
      // Search Contacts finds people who let themselves be found (decision 045).
      const other = await makeFindable(
        baseUrl,
        await createVerifiedAccount(baseUrl, newAccount('findme')),
      );
      await page.keyboard.press('Control+k');
      await palette.getByRole('option', { name: 'Search Contacts', exact: true }).click();
      await palette
        .getByPlaceholder('Search people by name or email...')
        .fill(other.fullName.slice(4, 14));
      const person = palette.getByRole('option').filter({ hasText: other.email });
      await expectVisible(person, 'the other account in Search Contacts');
      await person.click();
      await expectPath(page, /^\/app\/chat\/new\?with=/);
    },
  },
  {
    name: 'context drawer: each page offers only what works there; chat uploads to the open conversation',
    async run(ctx) {
      const { newPage, baseUrl, checkA11y } = ctx;
      const account = await createVerifiedAccount(baseUrl, newAccount('drawer'));
      const page = await newPage();
      await signIn(page, account);
      // The dashboard has no uploads, filters or options: the drawer says so, offers nothing.
      await page.getByRole('button', { name: 'Open context panel' }).click();
      const drawer = page.getByTestId('context-drawer');
      await expectVisible(drawer.getByRole('heading', { name: 'Quick Actions' }), 'Quick Actions');
      await expectVisible(drawer.getByText(/This page has no uploads, filters or options/), 'none');
      assert.equal(await drawer.getByRole('button', { name: 'File Upload' }).count(), 0);
      await checkA11y(page, 'drawer');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('aria-label') === 'Open context panel',
        null,
        { timeout: 3_000 },
      );

      // Voice notes offer their real filters.
      await page.goto('/app/voice-notes');
      await page.getByRole('button', { name: 'Open context panel' }).click();
      await expectVisible(drawer.getByText('Select an action to view contextual options'), 'text');
      await drawer.getByRole('button', { name: 'Filters & Search' }).click();
      await expectVisible(drawer.getByText('Date Range'), 'date range');
      await page.keyboard.press('Escape');

      // In a conversation: both people with what to do next, and Select Files attaches there.
      const { pageA, pageB, a, b, id } = await twoPeopleInAConversation(ctx, 'drawer-chat');
      await pageA.getByRole('button', { name: 'Participants' }).click();
      const drawerA = pageA.getByTestId('context-drawer');
      await expectVisible(drawerA.getByText(a.fullName), 'me');
      await expectVisible(drawerA.getByText(b.fullName), 'the other person');
      await expectVisible(drawerA.getByRole('link', { name: 'Email' }), 'email them');
      await expectVisible(drawerA.getByRole('link', { name: 'Call' }), 'call them');
      await pageA.keyboard.press('Escape');
      await pageA.getByRole('button', { name: 'Upload' }).click();
      await expectVisible(drawerA.getByText('No recent uploads'), 'no uploads yet');
      await drawerA
        .getByTestId('drawer-file-input')
        .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
      await expectVisible(drawerA.getByRole('listitem').filter({ hasText: 'dot.png' }), 'recent');
      await expectVisible(pageB.getByRole('img', { name: 'dot.png' }), 'the image on B');
      await drawerA
        .getByTestId('drawer-file-input')
        .setInputFiles(fileOfSize('big.png', 10 * 1024 * 1024 + 1));
      await expectToast(pageA, 'File Too Large', 'File size must be less than 10MB');

      // The palette's Search Files finds it, says where it is, and opens it there.
      await pageA.goto('/app/dashboard');
      // The trigger, not Ctrl+K: a key pressed before the app has loaded goes nowhere.
      await pageA.getByRole('button', { name: /Search or run a command/ }).click();
      const palette = pageA.getByTestId('command-palette');
      await palette.getByRole('option', { name: 'Search Files', exact: true }).click();
      await palette.getByRole('combobox').fill('dot');
      const found = palette.getByRole('option', { name: /dot\.png/ });
      await expectVisible(found, 'the file in the palette');
      await expectVisible(found.getByText(`Chat with ${b.fullName}`), 'where it is');
      await found.click();
      await expectPath(pageA, `/app/chat/${id}`);
    },
  },
];
