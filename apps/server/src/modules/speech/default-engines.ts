import type { Config } from '../../config/env';
import { createOpenAiCompatibleEngine } from './openai-compatible-engine';
import { createPocketSphinxEngine } from './pocketsphinx-engine';
import type { TranscriptionEngine } from './transcription-engine';

/** In order of preference: the configured service (STT_BASE_URL), then PocketSphinx if installed. */
export function defaultSpeechEngines(config: Config): TranscriptionEngine[] {
  const engines: TranscriptionEngine[] = [];
  if (config.STT_BASE_URL) {
    engines.push(
      createOpenAiCompatibleEngine({
        baseUrl: config.STT_BASE_URL,
        apiKey: config.STT_API_KEY,
        model: config.STT_MODEL,
      }),
    );
  }
  engines.push(createPocketSphinxEngine());
  return engines;
}
