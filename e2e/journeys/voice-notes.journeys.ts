import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, makeFindable, newAccount } from '../support/accounts';
import { expectToast, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { signIn } from '../support/ui';

const TITLE = 'Morning walk';

/** The transcript box's text once the background job has filled it (PocketSphinx is slow). */
async function waitForTranscript(page: Page): Promise<string> {
  const field = page.getByLabel(/^Transcript/);
  await field.waitFor({ timeout: 90_000 });
  const handle = await page.waitForFunction(
    () => {
      const box = document.querySelector<HTMLTextAreaElement>(
        '[data-testid="voice-note"] textarea',
      );
      return box && box.value.trim() !== '' ? box.value : null;
    },
    null,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as string;
}

export const voiceNotesJourneys: Journey[] = [
  {
    name: 'voice notes: record with the microphone, transcript arrives live, edit, play, send, delete',
    async run({ newPage, baseUrl, checkA11y }) {
      const sender = await createVerifiedAccount(baseUrl, newAccount('voice-sender'));
      // Findable, so 'Send' lists them by address (decision 045).
      const receiver = await makeFindable(
        baseUrl,
        await createVerifiedAccount(baseUrl, newAccount('voice-receiver')),
      );
      const page = await newPage();
      await signIn(page, sender);
      await page.goto('/app/voice-notes/recorder');
      await expectVisible(page.getByRole('heading', { name: /Your Voice Notes/ }), 'the list');
      assert.equal(await page.getByTestId('voice-note-count').textContent(), '(0)');

      // Record about three seconds of espeak-ng speech from the fake microphone.
      await page.getByLabel('Title (optional)').fill(TITLE);
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await expectVisible(page.getByRole('meter', { name: 'Microphone level' }), 'level meter');
      await page.waitForTimeout(3_200);
      assert.match((await page.getByTestId('recorder-elapsed').textContent()) ?? '', /0:0[2-4]/);
      await page.getByRole('button', { name: 'Stop Recording' }).click();
      await expectToast(page, 'Voice note saved');
      const note = page.getByTestId('voice-note');
      await expectVisible(note, 'the recorded note');
      assert.equal(await page.getByTestId('voice-note-count').textContent(), '(1)');
      assert.match(
        (await note.getByTestId('voice-note-duration').textContent()) ?? '',
        /^0:0[2-4]$/,
      );

      // The transcript arrives by realtime event, without a reload.
      const transcript = await waitForTranscript(page);
      assert.ok(transcript.trim().length > 0);
      await expectVisible(page.getByText(/some words may be wrong/), 'the gentle note');
      await checkA11y(page, 'voice notes with a note');

      await page.reload();
      await expectVisible(page.getByTestId('voice-note'), 'the note after a reload');
      assert.equal(await page.getByLabel(/^Transcript/).inputValue(), transcript);

      // Correct the transcript by hand.
      await page.getByLabel(/^Transcript/).fill('My morning walk in the park, corrected.');
      await page.getByRole('button', { name: 'Save transcript' }).click();
      await expectToast(page, 'Transcript saved');
      await page.reload();
      assert.equal(
        await page.getByLabel('Transcript (edited)').inputValue(),
        'My morning walk in the park, corrected.',
      );

      // Real playback: the audio element's position moves.
      const audio = page.getByLabel(`Play ${TITLE}`);
      await audio.evaluate((element: HTMLAudioElement) => element.play());
      await page.waitForFunction(
        () => (document.querySelector('audio')?.currentTime ?? 0) > 0.5,
        null,
        { timeout: 10_000 },
      );

      // Send it to the second account, whose inbox shows it.
      await page.getByRole('button', { name: `Send ${TITLE}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Send voice note' });
      await dialog.getByLabel('Find users').fill(receiver.email);
      await dialog.getByRole('button', { name: new RegExp(receiver.fullName) }).click();
      await expectToast(page, 'Voice note sent');
      await expectVisible(page.getByText(`Sent to ${receiver.fullName}`), 'the recipient');

      const inbox = await newPage();
      await signIn(inbox, receiver);
      await inbox.goto('/app/voice-notes/inbox');
      // The inbox says whose notes it holds (issue 25).
      await expectVisible(
        inbox.getByRole('heading', { name: /^Voice Notes Sent to You \(1\)/ }),
        'inbox',
      );
      await expectVisible(inbox.getByText(`From ${sender.fullName}`), 'the received note');
      await expectVisible(inbox.getByText(TITLE, { exact: true }), 'its title');

      // Opening the inbox loads the player; only pressing play tells the sender it was heard.
      await inbox.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
      await page.reload();
      await expectVisible(page.getByText(`Sent to ${receiver.fullName}`), 'sent, not heard');
      assert.equal(await page.getByText('(listened)').count(), 0, 'not listened on preload');
      await inbox
        .getByLabel(`Play ${TITLE}`)
        .evaluate((element: HTMLAudioElement) => element.play());
      await inbox.waitForResponse((r) => r.url().endsWith('/listened') && r.ok());
      await page.reload();
      await expectVisible(
        page.getByText(`Sent to ${receiver.fullName} (listened)`),
        'listened after play',
      );

      // Delete with a confirmation that says it goes for the recipient too.
      await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
      const confirm = page.getByRole('dialog', { name: `Delete "${TITLE}"?` });
      await expectVisible(confirm.getByText(/everyone you sent it to/), 'the warning');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page, 'Voice note deleted');
      await page.getByTestId('voice-note').waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('voice-note-count').textContent(), '(0)');

      await inbox.reload();
      await expectVisible(inbox.getByText('No voice notes yet'), 'the inbox emptied');
    },
  },
  {
    name: 'voice notes: an upload that is not audio is refused with the server message; settings save',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('voice-upload'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/voice-notes/recorder');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const drawer = page.getByTestId('context-drawer');
      await expectVisible(drawer.getByText('No recent uploads'), 'the upload drawer');
      await drawer.getByTestId('voice-note-upload-input').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not audio at all'),
      });
      await expectToast(page, 'Upload failed');
      await page.keyboard.press('Escape');

      // An audio file uploaded from the Inbox shows at once among the person's own notes.
      const wav = join(mkdtempSync(join(tmpdir(), 'kaleido-upload-')), 'upload.wav');
      execFileSync('espeak-ng', ['-w', wav, 'an uploaded voice note']);
      await page.goto('/app/voice-notes/inbox');
      await expectVisible(
        page.getByRole('heading', { name: /^Voice Notes Sent to You \(0\)/ }),
        'the inbox',
      );
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await drawer.getByTestId('voice-note-upload-input').setInputFiles(wav);
      await expectToast(page, 'Voice note uploaded');
      await page.waitForURL((url) => url.pathname === '/app/voice-notes/recorder');
      // The drawer is modal: the list is read once it is closed.
      await page.keyboard.press('Escape');
      await expectVisible(page.getByRole('heading', { name: /^Your Voice Notes \(1\)/ }), 'listed');

      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      const keep = page.getByRole('switch', { name: 'Keep the audio after transcription' });
      await keep.waitFor();
      const before = await keep.isChecked();
      await keep.click();
      await expectToast(page, 'Settings saved');
      await page.reload();
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      assert.equal(
        await page.getByRole('switch', { name: 'Keep the audio after transcription' }).isChecked(),
        !before,
      );
    },
  },
];
