import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectPath, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { signIn } from '../support/ui';
import { writeEntry } from './journal.journeys';

const card = (page: Page, key: string) => page.locator(`[data-card="${key}"]`);

async function expectCard(page: Page, key: string, value: string, detail: string) {
  await expectVisible(
    card(page, key).getByTestId(`value-${key}`).getByText(value, { exact: true }),
    `${key} = ${value}`,
  );
  assert.equal(await card(page, key).getByTestId(`detail-${key}`).innerText(), detail);
}

export const dashboardJourneys: Journey[] = [
  {
    name: 'dashboard: three journal entries with moods move the cards, Recent Activity and the mood trend, live; axe in light and dark',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('dashboard'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/dashboard');
      await expectCard(page, 'journalEntries', '0', 'this month');
      await expectCard(page, 'recentChats', '0', '0 from yesterday');
      await expectCard(page, 'voiceNotes', '0', '0 unheard');
      await expectCard(page, 'emails', '0', '0 unread');
      await expectCard(page, 'callsToday', '0', '0m total');
      await expectCard(page, 'activityScore', '0%', '0% from last week');
      await expectVisible(page.getByText(/^Nothing here yet\./), 'the empty Recent Activity');
      await expectVisible(
        page.getByTestId('mood-trend-summary').getByText(/^No moods recorded/),
        'the empty mood trend',
      );
      assert.equal(await page.getByTestId('mood-trend-svg').count(), 0);
      await checkA11y(page, 'empty dashboard');

      // The Activity Score says what it is, by keyboard too.
      await page.getByTestId('help-activityScore').focus();
      await expectVisible(
        page
          .getByRole('tooltip')
          .getByText(/share of the last 7 days/)
          .first(),
        'the Activity Score tooltip',
      );
      await page.keyboard.press('Escape');

      // A second tab writes; the first one's figures follow live.
      const writer = await page.context().newPage();
      await writeEntry(writer, {
        title: 'Sunny walk',
        content: 'A walk in the sun.',
        mood: 'Happy',
      });
      await expectCard(page, 'journalEntries', '1', 'this month');
      await writeEntry(writer, {
        title: 'Hard call',
        content: 'A difficult phone call.',
        mood: 'Sad',
      });
      await writeEntry(writer, { title: 'Big news', content: 'Got the job!', mood: 'Excited' });
      await writer.close();
      await expectCard(page, 'journalEntries', '3', 'this month');
      await expectCard(page, 'activityScore', '14%', '+14% from last week');
      // The entries are analysed on the server, and the insight cards follow live too.
      await expectVisible(
        page.locator('[data-insight="weekly_reflection"][data-status="ok"]'),
        'the weekly reflection, from the analysed entries, without a reload',
      );

      const activity = page.getByTestId('recent-activity-list');
      await expectVisible(activity.getByText('Journal entry: Big news'), 'the newest entry');
      assert.deepEqual(
        (await activity.getByRole('link').allInnerTexts()).map((t) => t.split('\n')[0]?.trim()),
        ['Journal entry: Big news', 'Journal entry: Hard call', 'Journal entry: Sunny walk'],
      );
      await expectVisible(
        page
          .getByTestId('mood-trend-summary')
          .getByText(/^Moods recorded on 1 of the last 30 days/),
        'the mood trend summary',
      );
      await expectVisible(page.getByTestId('mood-trend-svg'), 'the chart');
      await page.getByText('Show the figures as a table').click();
      const row = page.getByTestId('mood-trend-table').locator('tbody tr');
      assert.equal(await row.count(), 1);
      // Happy +1, Sad −1, Excited +1 → 0.33.
      assert.match(await row.innerText(), /\b3\b[\s\S]*0\.33/);
      await checkA11y(page, 'dashboard with entries');

      // An item opens what it is about.
      await activity.getByRole('link', { name: /Journal entry: Hard call/ }).click();
      await expectPath(page, /^\/app\/journal\/text\/[0-9a-f-]{36}$/);

      // Dark mode is readable (axe checks contrast): the theme's class on the loaded page, after
      // the account's own (light) appearance was applied.
      await page.goto('/app/dashboard');
      await expectCard(page, 'journalEntries', '3', 'this month');
      await page.evaluate(() => {
        document.documentElement.classList.add('dark');
        document.documentElement.style.colorScheme = 'dark';
      });
      await checkA11y(page, 'dashboard in dark mode');
    },
  },
  {
    name: 'dashboard: the Quick Actions open new chat, the recorder and compose email; keyboard reachable',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('dashboard-actions'));
      const page = await newPage();
      await signIn(page, account);
      const actions = [
        ['Start new chat', /^\/app\/chat\/new\?new=true$/],
        ['Record voice note', '/app/voice-notes/recorder'],
        ['Compose email', '/app/email/compose'],
      ] as const;
      for (const [label, path] of actions) {
        await page.goto('/app/dashboard');
        const link = page.getByRole('link', { name: label, exact: true });
        await expectVisible(link, label);
        await link.focus();
        await page.keyboard.press('Enter');
        await expectPath(page, path);
      }
      await expectVisible(page.getByRole('heading', { name: 'Email' }).first(), 'the email page');
    },
  },
  {
    name: "dashboard: an insight card shows its basis, opens its detail page, and 'This doesn't fit me' hides it",
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('dashboard-insights'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/dashboard');
      await expectVisible(page.getByTestId('insights'), 'the insights section');
      for (const [title, content, mood] of [
        ['Park', 'A lovely calm walk in the park with friends.', 'Happy'],
        ['Office', 'Tired and stressed at the office again, nothing works.', 'Sad'],
        ['Concert', 'Wonderful concert tonight, so much joy.', 'Excited'],
      ] as const)
        await writeEntry(page, { title, content, mood });
      await page.goto('/app/dashboard');
      const weekly = page.locator('[data-insight="weekly_reflection"][data-status="ok"]');
      await weekly.waitFor({ timeout: 20_000 });
      await expectVisible(weekly.getByText(/^Based on \d+ /), 'what the claim rests on');
      const unknown = page.locator('[data-status="not_enough_data"]').first();
      await expectVisible(unknown, 'a card that does not know yet');
      // One sentence saying what it needs, and a basis line that counts the same (issue 25).
      await expectVisible(
        unknown.getByText(/^Not enough data yet: this needs .+ so far\.$/),
        'what it still needs',
      );
      await expectVisible(unknown.getByText(/^\d+ of \d+ \w+ so far\.$/), 'how far it is');
      assert.equal(await page.getByText(/we don.t know/).count(), 0);
      await checkA11y(page, 'dashboard with insights');

      await weekly.getByRole('link', { name: /^Details:/ }).click();
      await expectPath(page, '/app/dashboard/insights/weekly_reflection');
      await expectVisible(
        page.getByRole('heading', { name: 'How this is worked out' }),
        'the method',
      );
      // The weekly reflection is always a week: no Day/Week/Month that would change nothing.
      assert.equal(await page.getByRole('link', { name: 'Week', exact: true }).count(), 0);
      await checkA11y(page, 'insight detail page');
      await page.getByRole('link', { name: 'Back to the dashboard' }).click();

      const card = page.locator('[data-insight="weekly_reflection"][data-status="ok"]');
      await card.getByRole('button', { name: "This doesn't fit me" }).click();
      const dialog = page.getByRole('dialog', { name: "This doesn't fit me" });
      await dialog.getByLabel(/Why doesn/).fill('The office is not what drains me');
      await dialog.getByRole('button', { name: 'Hide this insight' }).click();
      await expectVisible(page.getByText('Insight hidden'), 'the confirmation');
      await expectVisible(
        page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }),
        'an undo beside it',
      );
      await page.locator('[data-insight="weekly_reflection"]').waitFor({ state: 'detached' });
      // Hidden, not lost: "Hidden insights" brings it back.
      const hidden = page.getByTestId('hidden-insights');
      await hidden.getByText('Hidden insights (1)').click();
      await hidden.getByRole('button', { name: 'Restore Your week' }).click();
      await expectVisible(
        page.locator('[data-insight="weekly_reflection"][data-status="ok"]'),
        'the restored card',
      );
      await hidden.waitFor({ state: 'detached' });

      // The person's control: analysis off and on again, then everything derived deleted.
      const settings = page.getByTestId('insight-settings');
      await settings.getByText('Insight settings').click();
      const analyse = settings.getByRole('switch', { name: 'Analyse what I write and say' });
      // A click, not uncheck(): the switch follows the saved setting a moment later.
      await analyse.click();
      await expectVisible(page.getByText(/^Analysis is turned off\./), 'analysis off');
      assert.equal(await analyse.isChecked(), false);
      await analyse.click();
      await expectVisible(page.locator('[data-insight]').first(), 'the cards back');
      // No language model on this server: the written reflection is not offered.
      assert.equal(await settings.getByRole('switch').count(), 1);
      await settings
        .getByRole('button', { name: 'Delete everything derived from my data' })
        .click();
      await settings.getByRole('button', { name: 'Yes, delete derived data' }).click();
      await expectVisible(
        page.getByText('Everything derived from your data was deleted.'),
        'the confirmation',
      );
      await expectVisible(page.getByText(/^Not enough data yet/).first(), 'insights start over');
    },
  },
];
