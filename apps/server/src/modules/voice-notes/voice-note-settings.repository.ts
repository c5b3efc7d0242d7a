import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { voiceNoteSettings } from '../../db/schema/speech';

export type VoiceNoteSettingsRepository = ReturnType<typeof createVoiceNoteSettingsRepository>;

/** A person's voice note choices (transcribe on upload, keep the audio), defaults until saved. */
export function createVoiceNoteSettingsRepository(db: Db) {
  async function settings(userId: string) {
    const rows = await db
      .select()
      .from(voiceNoteSettings)
      .where(eq(voiceNoteSettings.userId, userId))
      .limit(1);
    return rows[0] ?? { userId, autoTranscribe: true, keepAudio: true };
  }

  return {
    settings,

    async saveSettings(
      userId: string,
      changes: { autoTranscribe?: boolean | undefined; keepAudio?: boolean | undefined },
    ) {
      const current = await settings(userId);
      const next = {
        userId,
        autoTranscribe: changes.autoTranscribe ?? current.autoTranscribe,
        keepAudio: changes.keepAudio ?? current.keepAudio,
      };
      await db
        .insert(voiceNoteSettings)
        .values(next)
        .onConflictDoUpdate({
          target: voiceNoteSettings.userId,
          set: { autoTranscribe: next.autoTranscribe, keepAudio: next.keepAudio },
        });
      return next;
    },
  };
}
