import assert from 'node:assert/strict';
import { expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { connectedAudioCall, historyStatus, pause, phase, rtp, until } from '../support/calls';

/**
 * In the room of a connected call (issue #12): a transcript both people agree to, and a reload
 * that rejoins the call. Names start with 'calls:' so `npm run test:e2e:calls` runs them in the
 * loopback-only network namespace with the others.
 */
export const callRoomJourneys: Journey[] = [
  {
    name: 'calls: a transcript both agree to records both sides, either can stop it, then View Transcript',
    // Live media between two pages (and recognition, for transcripts): it needs the machine.
    alone: true,
    async run(ctx) {
      const { a, b, pageA, pageB } = await connectedAudioCall(ctx, 'call-words');

      // A asks; nothing records until B accepts.
      await pageA.getByRole('button', { name: 'Record transcript' }).click();
      await expectVisible(
        pageA.getByText(`Waiting for ${b.fullName} to agree to a transcript…`),
        'A waits for B',
      );
      const request = pageB.getByRole('alertdialog', { name: 'Transcript request' });
      await expectVisible(
        request.getByText(`${a.fullName} asks to record a transcript of this call.`),
        'B is asked',
      );
      await ctx.checkA11y(pageB, 'transcript request');
      assert.equal(await pageA.getByTestId('transcript-indicator').count(), 0, 'not yet');
      await request.getByRole('button', { name: 'Accept transcript' }).click();

      // Both see the indicator the whole time it records (a full piece and part of another).
      for (let i = 0; i < 6; i++) {
        await expectVisible(pageA.getByTestId('transcript-indicator'), 'A: recording');
        await expectVisible(pageB.getByTestId('transcript-indicator'), 'B: recording');
        await pause(2_000);
      }
      // Either can stop it: B does, and A is told.
      await pageB.getByRole('button', { name: 'Stop transcript' }).click();
      await expectVisible(
        pageA.getByText(`${b.fullName} stopped the transcript.`),
        'A: B stopped it',
      );
      await pageA.getByTestId('transcript-indicator').waitFor({ state: 'detached' });
      await pageB.getByTestId('transcript-indicator').waitFor({ state: 'detached' });
      await pageA.getByRole('button', { name: 'End call' }).click();
      await phase(pageB, 'ended', 'B');

      // Speaker-labelled lines from both people arrive (the embedded engine's words vary).
      for (const [page, who] of [
        [pageA, 'A'],
        [pageB, 'B'],
      ] as const) {
        await page.goto('/app/calls/history');
        await page.getByRole('button', { name: /^View Transcript/ }).click();
        const transcript = page.getByRole('dialog', { name: 'Transcript' });
        await until(
          async () => ({
            speakers: [
              ...new Set(await transcript.getByTestId('transcript-speaker').allInnerTexts()),
            ].sort(),
            pending: await transcript.getByText('Transcribing…').count(),
          }),
          (v) =>
            JSON.stringify(v.speakers) === JSON.stringify([a.fullName, b.fullName].sort()) &&
            v.pending === 0,
          `${who}: both speakers' lines transcribed`,
          180_000,
        );
        // Only one's own lines can be corrected.
        const own = await transcript
          .getByTestId('transcript-line')
          .filter({
            has: page
              .getByTestId('transcript-speaker')
              .getByText(who === 'A' ? a.fullName : b.fullName, { exact: true }),
          })
          .count();
        assert.equal(
          await transcript.getByRole('button', { name: 'Edit' }).count(),
          own,
          `${who}: edits own lines only`,
        );
        if (who === 'A') await ctx.checkA11y(page, 'transcript dialog');
      }
    },
  },
  {
    name: 'calls: reloading the room mid-call rejoins it; the other side sees reconnecting, then connected',
    // Live media between two pages (and recognition, for transcripts): it needs the machine.
    alone: true,
    async run(ctx) {
      const { pageA, pageB } = await connectedAudioCall(ctx, 'call-reload');

      // Each side reloads in turn: the callee (who offers), then the caller (who answers).
      for (const [reloading, other, who] of [
        [pageB, pageA, 'B'],
        [pageA, pageB, 'A'],
      ] as const) {
        const seen: string[] = [];
        await other.exposeFunction(`phaseSeen${who}`, (p: string) => seen.push(p));
        await other.evaluate((name) => {
          const target = document.querySelector('[data-testid="call-phase"]');
          const report = (window as unknown as Record<string, (p: string) => void>)[name];
          if (!target || !report) return;
          new MutationObserver(() => report(target.getAttribute('data-phase') ?? '')).observe(
            target,
            { attributes: true },
          );
        }, `phaseSeen${who}`);
        await reloading.reload();
        await phase(reloading, 'connected', `${who} after reloading`);
        await phase(other, 'connected', `the other side of ${who}`);
        assert.ok(seen.includes('reconnecting'), `the other side saw reconnecting: ${seen.join()}`);
        // Audio flows again on the new connection.
        const first = await until(
          () => rtp(reloading, 'audio'),
          (s) => s.inBytes > 0,
          `${who} hears again`,
        );
        await until(
          () => rtp(reloading, 'audio'),
          (s) => s.inBytes > first.inBytes,
          `${who} keeps hearing`,
        );
        const back = await rtp(other, 'audio');
        await until(
          () => rtp(other, 'audio'),
          (s) => s.inBytes > back.inBytes && s.state === 'connected',
          `the other side of ${who} hears again`,
        );
      }
      await pageA.getByRole('button', { name: 'End call' }).click();
      await phase(pageB, 'ended', 'B');
      await historyStatus(pageA, ['Completed'], 'A');
    },
  },
];
