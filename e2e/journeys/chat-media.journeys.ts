import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { expectToast, expectVisible } from '../support/expect';
import { withJourneyContext, type Journey } from '../support/harness';
import { expectMessage, fileOfSize, PNG, twoPeopleInAConversation } from '../support/chat';

export const chatMediaJourneys: Journey[] = [
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

      await pageA
        .getByTestId('chat-file-input')
        .setInputFiles(fileOfSize('big.png', 10 * 1024 * 1024 + 1));
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
