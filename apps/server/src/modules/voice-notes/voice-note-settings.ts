import type { VoiceNoteSettingsRepository } from './voice-note-settings.repository';

export type VoiceNoteSettings = ReturnType<typeof createVoiceNoteSettings>;

/**
 * A person's voice choices: transcribe on upload, keep the audio after transcription (the
 * journal's voice entries follow the second too).
 */
export function createVoiceNoteSettings(repository: VoiceNoteSettingsRepository) {
  return {
    settings: (userId: string) =>
      repository
        .settings(userId)
        .then(({ autoTranscribe, keepAudio }) => ({ autoTranscribe, keepAudio })),

    async updateSettings(
      userId: string,
      changes: { autoTranscribe?: boolean | undefined; keepAudio?: boolean | undefined },
    ) {
      const { autoTranscribe, keepAudio } = await repository.saveSettings(userId, changes);
      return { autoTranscribe, keepAudio };
    },
  };
}
