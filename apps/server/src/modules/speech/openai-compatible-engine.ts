import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { TranscriptionEngine } from './transcription-engine';

/**
 * Any server speaking OpenAI's transcription API (whisper.cpp server, faster-whisper-server,
 * LocalAI, OpenAI): multipart POST {file, model} to /v1/audio/transcriptions → {text}.
 */
export function createOpenAiCompatibleEngine(options: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}): TranscriptionEngine {
  const endpoint = `${options.baseUrl.replace(/\/$/, '').replace(/\/v1$/, '')}/v1/audio/transcriptions`;
  return {
    name: 'openai-compatible',
    description: `OpenAI-compatible service at ${new URL(endpoint).origin} (model ${options.model})`,
    available: () => Promise.resolve(true),
    async transcribe(audioPath) {
      const form = new FormData();
      form.append('file', new Blob([await readFile(audioPath)]), basename(audioPath));
      form.append('model', options.model);
      form.append('response_format', 'json');
      const response = await fetch(endpoint, {
        method: 'POST',
        body: form,
        headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
        signal: AbortSignal.timeout(options.timeoutMs ?? 5 * 60_000),
      });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 300);
        throw new Error(`transcription service answered ${response.status}: ${detail}`);
      }
      const body = (await response.json()) as { text?: unknown };
      if (typeof body.text !== 'string')
        throw new Error('transcription service answered without text');
      return body.text.trim();
    },
  };
}
