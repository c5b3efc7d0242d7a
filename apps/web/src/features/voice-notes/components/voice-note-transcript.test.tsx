import { fireEvent, render, screen } from '@testing-library/react';
import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { VoiceNoteTranscript } from './voice-note-transcript';

type Props = ComponentProps<typeof VoiceNoteTranscript>;
const note = (changes: Partial<VoiceNote>): VoiceNote => ({
  id: 'n1',
  title: 'Morning',
  durationMs: 4000,
  createdAt: '2026-11-24T08:00:00.000Z',
  transcript: '',
  transcriptStatus: 'done',
  transcriptEdited: false,
  hasAudio: true,
  owner: { id: 'u1', fullName: 'Ada' },
  recipients: [],
  listened: null,
  ...changes,
});
const mutation = () => ({ isPending: false, mutate: vi.fn() });

function renderTranscript(changes: Partial<VoiceNote>, editable = true) {
  const transcribe = mutation();
  render(
    <VoiceNoteTranscript
      note={note(changes)}
      editable={editable}
      update={mutation() as unknown as Props['update']}
      transcribe={transcribe as unknown as Props['transcribe']}
    />,
  );
  return transcribe;
}

describe('voice note transcript', () => {
  it('says when no speech was recognised, and offers to try again or write it', () => {
    const transcribe = renderTranscript({ transcript: '  ' });
    expect(screen.getByText(/No speech was recognised in this recording/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(transcribe.mutate).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Transcript (draft)')).toBeTruthy();
  });

  it('shows a transcript with words as a draft to correct', () => {
    renderTranscript({ transcript: 'I walked by the river' });
    expect(screen.queryByText(/No speech was recognised/)).toBeNull();
    expect(screen.getByText(/some words may be wrong/)).toBeTruthy();
  });

  it("does not ask a recipient to write what they said about someone else's recording", () => {
    renderTranscript({ transcript: '', owner: { id: 'u2', fullName: 'Sam' } }, false);
    expect(screen.getByText(/No speech was recognised in this recording/)).toBeTruthy();
    expect(screen.queryByText(/write what you said/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('does not offer a recipient to correct a transcript they cannot edit', () => {
    renderTranscript({ transcript: 'I walked by the river' }, false);
    expect(screen.getByText(/some words may be wrong/)).toBeTruthy();
    expect(screen.queryByText(/You can correct it/)).toBeNull();
  });
});
