// The real browser path of bench/stt.ts: Debian Chromium plays a WAV file as its (fake)
// microphone and the page records it with MediaRecorder exactly as the app's recorder does
// (AUDIO_CAPTURE: the same getUserMedia constraints, mime type and timeslice). The page is served
// from 127.0.0.1 (getUserMedia needs a secure context; loopback is one). One browser per file,
// because the fake microphone's file is a launch flag; each browser is closed before the next.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUDIO_CAPTURE } from '@kaleido/shared/speech/speech.schemas';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS as E2E_CHROMIUM_ARGS } from '../e2e/support/harness';

/** The e2e harness's Chromium flags, with a fake microphone that needs no permission prompt. */
const CHROMIUM_ARGS = [
  ...E2E_CHROMIUM_ARGS,
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

export interface BrowserRecording {
  /** What MediaRecorder produced (the bytes the app uploads). */
  bytes: Buffer;
  mimeType: string;
  /** Wall-clock time between recorder.start() and recorder.stop(), in seconds. */
  recordedSeconds: number;
}

/**
 * Records `seconds` of Chromium's fake microphone playing `wav`. Chromium starts the file when
 * the capture opens, and loops it: give it a file with enough silence after the speech.
 * `constraints` defaults to the app's own (echo cancellation, noise suppression, auto gain).
 */
export async function recordThroughChromium(
  wav: string,
  seconds: number,
  constraints: MediaTrackConstraints = AUDIO_CAPTURE.constraints,
): Promise<BrowserRecording> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>stt bench</title><p>recording</p>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${wav}`],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    // A string, not a function: tsx would add __name helpers the page does not have.
    const result = await page.evaluate<{
      base64: string;
      mimeType: string;
      recordedMs: number;
    }>(`(async () => {
      const capture = ${JSON.stringify({ ...AUDIO_CAPTURE, constraints })};
      const stream = await navigator.mediaDevices.getUserMedia({ audio: capture.constraints });
      const mimeType = MediaRecorder.isTypeSupported(capture.mimeType) ? capture.mimeType : undefined;
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks = [];
      recorder.ondataavailable = (event) => { if (event.data.size > 0) chunks.push(event.data); };
      const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
      recorder.start(capture.timesliceMs);
      const startedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, ${Math.round(seconds * 1000)}));
      const recordedMs = performance.now() - startedAt;
      recorder.stop();
      await stopped;
      for (const track of stream.getTracks()) track.stop();
      const blob = new Blob(chunks, { type: recorder.mimeType || capture.mimeType });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return { base64: btoa(binary), mimeType: blob.type, recordedMs };
    })()`);
    return {
      bytes: Buffer.from(result.base64, 'base64'),
      mimeType: result.mimeType,
      recordedSeconds: result.recordedMs / 1000,
    };
  } finally {
    await browser.close();
    server.close();
  }
}
