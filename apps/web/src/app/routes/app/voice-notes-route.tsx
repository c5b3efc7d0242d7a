// First: zod must be configured jitless before any shared schema in this chunk is built.
import '../../../lib/zod';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useDrawerPanels } from '../../../features/drawers/components/context-drawer';
import { PageHeader } from '../../../features/shell/components/page-header';
import type { VoiceNoteBox } from '../../../features/voice-notes/api/voice-note-requests';
import { VoiceNoteFiltersPanel } from '../../../features/voice-notes/components/voice-note-filters-panel';
import { VoiceNoteSettingsPanel } from '../../../features/voice-notes/components/voice-note-settings-panel';
import { VoiceNoteUploadPanel } from '../../../features/voice-notes/components/voice-note-upload-panel';
import { VoiceNotesScreen } from '../../../features/voice-notes/components/voice-notes-screen';

function boxOf(pathname: string): VoiceNoteBox {
  if (pathname.startsWith('/app/voice-notes/sent')) return 'sent';
  if (pathname.startsWith('/app/voice-notes/inbox')) return 'inbox';
  return 'mine';
}

/** /app/voice-notes/{inbox,sent,recorder}: one screen; the path picks the box. */
export function VoiceNotesPage() {
  const { pathname } = useLocation();
  const panels = useMemo(
    () => ({
      filters: <VoiceNoteFiltersPanel />,
      settings: <VoiceNoteSettingsPanel />,
      upload: <VoiceNoteUploadPanel />,
    }),
    [],
  );
  useDrawerPanels(panels);
  return (
    <>
      <PageHeader title="Voice Notes" subtitle="Record, send and listen to voice notes" />
      <VoiceNotesScreen box={boxOf(pathname)} />
    </>
  );
}
