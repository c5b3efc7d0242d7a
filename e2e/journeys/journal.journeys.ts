import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { dismissToasts, expectPath, expectToast, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { signIn } from '../support/ui';

const ENTRY_PATH = /^\/app\/journal\/(text|voice)\/[0-9a-f-]{36}$/;

/** Waits until the autosaved draft has reached the server. */
async function waitForDraftSaved(page: Page): Promise<void> {
  await page
    .locator('[data-testid="draft-status"][data-state="saved"]')
    .waitFor({ timeout: 10_000 });
}

/** Writes and saves a text entry through the form; answers its path. */
export async function writeEntry(
  page: Page,
  entry: { title?: string; content: string; mood?: string; tag?: string },
  fresh = true,
): Promise<string> {
  if (fresh) await page.goto('/app/journal/text/new');
  const form = page.getByRole('form', { name: 'New entry' });
  await form.getByLabel('Title').fill(entry.title ?? '');
  await form.getByLabel('Content').fill(entry.content);
  if (entry.mood) await form.locator('label', { hasText: entry.mood }).click();
  if (entry.tag) {
    await form.getByLabel('Tags').fill(entry.tag);
    await form.getByLabel('Tags').press('Enter');
  }
  await form.getByRole('button', { name: 'Save Entry' }).click();
  await expectToast(page, 'Entry saved');
  await expectPath(page, ENTRY_PATH);
  await dismissToasts(page);
  return new URL(page.url()).pathname;
}

export const journalJourneys: Journey[] = [
  {
    name: 'journal: a draft survives a reload, an empty title saves as Untitled Entry, edit keeps history, PDF export',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('journal-write'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/journal');
      await expectPath(page, '/app/journal/text/new');
      await expectVisible(page.getByText('No journal entries yet'), 'the empty timeline');
      await checkA11y(page, 'new journal entry');

      // Type, wait for the autosave, reload: nothing typed is lost.
      const form = page.getByRole('form', { name: 'New entry' });
      const content = 'Walked along the river at dawn and felt calm for the first time this week.';
      await form.getByLabel('Content').fill(content);
      await form.locator('label', { hasText: 'Happy' }).click();
      await form.getByLabel('Tags').fill('mornings');
      await form.getByLabel('Tags').press('Enter');
      await waitForDraftSaved(page);
      await page.reload();
      await expectVisible(page.getByText('Your unsaved draft was restored.'), 'the restored draft');
      assert.equal(await form.getByLabel('Content').inputValue(), content);
      assert.ok(await form.getByRole('radio', { name: 'Happy' }).isChecked());
      await expectVisible(form.getByText('mornings'), 'the restored tag');

      // The spec's content rule shows before any request.
      await form.getByLabel('Content').fill('   ');
      await form.getByRole('button', { name: 'Save Entry' }).click();
      await expectVisible(form.getByText('Content cannot be empty'), 'the empty-content message');
      await form.getByLabel('Content').fill(content);

      // An empty title is saved as 'Untitled Entry', and stays so after a reload.
      await form.getByRole('button', { name: 'Save Entry' }).click();
      await expectToast(page, 'Entry saved');
      await expectPath(page, ENTRY_PATH);
      const entry = page.getByTestId('journal-entry');
      await expectVisible(entry.getByRole('heading', { name: 'Untitled Entry' }), 'the title');
      await expectVisible(entry.getByText('Private.'), 'the privacy said plainly');
      await page.reload();
      await expectVisible(entry.getByRole('heading', { name: 'Untitled Entry' }), 'after reload');
      assert.equal(await entry.getByTestId('entry-content').innerText(), content);
      assert.match(await entry.getByTestId('entry-mood').innerText(), /Happy/);
      await expectVisible(page.getByTestId('journal-list-item'), 'the entry in the timeline');
      await checkA11y(page, 'journal entry');

      // Edit really edits, and the earlier version is in the history.
      await dismissToasts(page);
      await entry.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: 'Edit entry' });
      await edit.getByLabel('Title').fill('River walk');
      await edit.getByLabel('Content').fill(`${content} The heron was back.`);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expectToast(page, 'Entry updated');
      await expectVisible(entry.getByRole('heading', { name: 'River walk' }), 'the new title');
      await page.reload();
      await expectVisible(entry.getByRole('heading', { name: 'River walk' }), 'kept after reload');
      assert.match(await entry.getByTestId('entry-content').innerText(), /heron was back/);
      await entry.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'Edit history' });
      await expectVisible(history.getByText('Untitled Entry'), 'the earlier title');
      await checkA11y(page, 'edit history');
      await page.keyboard.press('Escape');

      // The PDF a person could hand to their therapist: read it back as text.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        entry.getByRole('link', { name: 'Export PDF' }).click(),
      ]);
      const file = await download.path();
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      assert.match(text, /River walk/);
      assert.match(text, /heron was back/);
      assert.match(text, /mornings/);
      assert.match(text, /happy/i);

      // Delete asks first.
      await entry.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete "River walk"?' });
      await confirm.getByRole('button', { name: 'Delete entry' }).click();
      await expectToast(page, 'Entry deleted');
      await expectPath(page, '/app/journal/text/new');
      await expectVisible(page.getByText('No journal entries yet'), 'the emptied timeline');

      // 'New Journal Entry' (?new=true) opens the form from any journal path, title focused.
      await page.goto('/app/journal/calendar?new=true');
      await expectPath(page, '/app/journal/text/new?new=true');
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('placeholder') === 'Untitled Entry',
      );
    },
  },
  {
    name: 'journal: on a phone, tapping an entry in the list shows it',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('journal-phone'));
      const page = await newPage({ viewport: { width: 390, height: 844 } });
      await signIn(page, account);
      await writeEntry(page, { title: 'Morning pages', content: 'Slept well, long walk.' });
      await writeEntry(page, { title: 'Evening pages', content: 'A quiet evening.' });
      // The list sits under the new-entry form: scroll down to it and tap the older entry.
      await page.goto('/app/journal/text/new');
      const item = page.getByTestId('journal-list-item').filter({ hasText: 'Morning pages' });
      await item.scrollIntoViewIfNeeded();
      assert.ok((await page.evaluate(() => window.scrollY)) > 300, 'the list is below the form');
      await item.click();
      const title = page
        .getByTestId('journal-entry')
        .getByRole('heading', { name: 'Morning pages' });
      await expectVisible(title, 'the entry');
      await page.waitForFunction(() => {
        const box = document.querySelector('#entry-title')?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
      });
    },
  },
  {
    name: 'journal: another tab sees a new entry live; search highlights; calendar keys open the entry',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('journal-find'));
      const page = await newPage();
      await signIn(page, account);
      const other = await page.context().newPage();
      await other.goto('/app/journal/calendar');
      await expectVisible(other.getByText('No journal entries yet'), 'the other tab, empty');

      const riverPath = await writeEntry(page, {
        title: 'Evening',
        content: 'A long talk with my sister about the river cabin.',
        mood: 'Sad',
        tag: 'family',
      });
      // The second answers the prompt of the day, which makes it a reflection.
      await page.goto('/app/journal/text/new');
      const prompt = (await page.getByTestId('journal-prompt').innerText()).trim();
      await page.getByRole('button', { name: 'Answer this prompt' }).click();
      assert.equal((await page.getByTestId('chosen-prompt').innerText()).trim(), prompt);
      await writeEntry(
        page,
        { title: 'Work', content: 'Shipped the release; tired but proud.' },
        false,
      );
      assert.equal((await page.getByTestId('entry-prompt').innerText()).trim(), prompt);
      await expectVisible(page.getByText(/· reflection/), 'the reflection type');

      // The other tab was not reloaded: both entries arrive by the realtime event.
      await other.getByTestId('journal-list-item').nth(1).waitFor({ timeout: 15_000 });

      // Search: the match is highlighted in the snippet.
      await page.getByLabel('Search your journal').fill('river');
      const hit = page.getByTestId('journal-list-item');
      await expectVisible(hit.filter({ hasText: 'Evening' }), 'the matching entry');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="journal-list-item"]').length === 1,
      );
      assert.equal((await hit.locator('mark').first().innerText()).toLowerCase(), 'river');
      await checkA11y(page, 'journal search');

      // The palette's 'Search Everything' finds journal entries too.
      await page.keyboard.press('Control+k');
      const palette = page.getByTestId('command-palette');
      await palette.getByRole('option', { name: 'Search Everything', exact: true }).click();
      await palette.getByRole('combobox').fill('cabin');
      const found = palette.getByRole('option').filter({ hasText: 'Evening' });
      await expectVisible(found, 'the entry in Search Everything');
      await found.click();
      await expectPath(page, riverPath);

      // A filter narrows too.
      await page.getByLabel('Search your journal').fill('');
      await page.getByRole('combobox', { name: 'Mood' }).selectOption('sad');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="journal-list-item"]').length === 1,
      );
      await expectVisible(hit.filter({ hasText: 'Evening' }), 'the sad entry');

      // Export everything as Markdown; rename a tag and the entry shows the new name.
      await page.getByRole('combobox', { name: 'Mood' }).selectOption('');
      const [markdown] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Markdown', exact: true }).click(),
      ]);
      const exported = readFileSync(await markdown.path(), 'utf8');
      assert.match(exported, /Evening/);
      assert.match(exported, /Shipped the release/);
      await page.getByRole('button', { name: 'Manage tags' }).click();
      const tagsDialog = page.getByRole('dialog', { name: 'Your tags' });
      await tagsDialog.getByLabel('Name of tag family').fill('kin');
      await tagsDialog.getByRole('button', { name: 'Rename' }).click();
      await expectToast(page, 'Tag renamed');
      await page.keyboard.press('Escape');
      await page.goto(riverPath);
      await expectVisible(page.getByTestId('journal-entry').getByText('#kin'), 'the renamed tag');

      // Calendar: today carries the entries; the keyboard reaches it and opens the day.
      // Keyboard focus only moves in the tab in front.
      await other.bringToFront();
      await other.getByRole('link', { name: 'Calendar' }).click();
      const today = other.locator('[aria-current="date"]');
      await expectVisible(today, 'today');
      await other.waitForFunction(
        () =>
          document
            .querySelector('[aria-current="date"]')
            ?.getAttribute('aria-label')
            ?.includes('2 entries') === true,
      );
      await today.focus();
      const monthHeading = other.locator('#calendar-title');
      const thisMonth = (await monthHeading.textContent()) ?? '';
      const focusedDay = () =>
        other.evaluate(() => document.activeElement?.getAttribute('data-day') ?? '');
      const todayKey = await focusedDay();
      await other.keyboard.press('PageDown');
      await other.waitForFunction(
        (before) => document.querySelector('#calendar-title')?.textContent !== before,
        thisMonth,
      );
      // A person presses the next key once focus is on the new month's day, not before.
      await other.waitForFunction((from) => {
        const day = document.activeElement?.getAttribute('data-day');
        return day !== undefined && day !== null && day.slice(0, 7) !== from.slice(0, 7);
      }, todayKey);
      await other.keyboard.press('PageUp');
      await other.waitForFunction(
        (before) => document.querySelector('#calendar-title')?.textContent === before,
        thisMonth,
      );
      await other.keyboard.press('ArrowRight');
      await other.keyboard.press('ArrowLeft');
      await other
        .waitForFunction(() =>
          /today: 2 entries/.test(document.activeElement?.getAttribute('aria-label') ?? ''),
        )
        .catch(async () =>
          assert.fail(
            `focus on ${await other.evaluate(() => document.activeElement?.getAttribute('aria-label'))}`,
          ),
        );
      await checkA11y(other, 'journal calendar');
      await other.keyboard.press('Enter');
      const day = other.getByRole('region', { name: /day, / });
      await day.getByRole('link', { name: /Evening/ }).click();
      await expectPath(other, riverPath);
      await expectVisible(other.getByRole('heading', { name: 'Evening' }), 'the entry');
    },
  },
  {
    name: 'journal: a voice entry from the microphone plays, and its transcript arrives live',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('journal-voice'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/journal/voice/new');
      const form = page.getByRole('group', { name: 'New voice entry' });
      await form.getByLabel('Title').fill('Park walk');
      await form.locator('label', { hasText: 'Excited' }).click();
      await checkA11y(page, 'new voice entry');

      // About three seconds of espeak-ng speech from the fake microphone.
      await form.getByRole('button', { name: 'Start Recording' }).click();
      await expectVisible(form.getByRole('meter', { name: 'Microphone level' }), 'level meter');
      await page.waitForTimeout(3_200);
      await form.getByRole('button', { name: 'Stop Recording' }).click();
      await expectToast(page, 'Entry saved');
      await expectPath(page, /^\/app\/journal\/voice\/[0-9a-f-]{36}$/);
      const entry = page.getByTestId('journal-entry');
      await expectVisible(entry.getByRole('heading', { name: 'Park walk' }), 'the voice entry');
      assert.match(await entry.getByTestId('entry-mood').innerText(), /Excited/);

      // The transcript becomes the entry's text without a reload (PocketSphinx is slow).
      await entry.getByTestId('entry-content').waitFor({ timeout: 120_000 });
      assert.ok((await entry.getByTestId('entry-content').innerText()).trim().length > 0);

      // Real playback: the audio element's position moves.
      await entry
        .getByLabel('Play Park walk')
        .evaluate((element: HTMLAudioElement) => element.play());
      await page.waitForFunction(
        () => (document.querySelector('audio')?.currentTime ?? 0) > 0.5,
        null,
        { timeout: 10_000 },
      );
      await page.reload();
      await expectVisible(entry.getByTestId('entry-content'), 'the transcript after a reload');
    },
  },
];
