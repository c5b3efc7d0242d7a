import type { Mood, PrivacyLevel } from '@kaleido/shared/journal/journal.constants';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { journalKeys } from '../../../lib/api/journal';
import { deleteJournalDraft, fetchJournalDraft, saveJournalDraft } from '../api/journal-requests';

export interface EntryFormValues {
  title: string;
  content: string;
  mood: Mood;
  privacyLevel: PrivacyLevel;
  tags: string[];
}

/** Typing pauses this long before the draft is sent, so a keystroke is not a request. */
export const DRAFT_SAVE_DELAY_MS = 800;

export type DraftStatus =
  { state: 'idle' } | { state: 'pending' } | { state: 'saved'; at: string } | { state: 'failed' };

/**
 * The form's values, autosaved to the drafts endpoint after each pause in typing, so a reload or
 * a lost connection loses nothing. `key` is 'new' or the id of the entry being edited; an edit's
 * draft wins over the entry only when it is newer than the entry's last save.
 */
export function useEntryDraft(key: string, initial: EntryFormValues, entryUpdatedAt?: string) {
  const draftQuery = useQuery({
    queryKey: journalKeys.draft(key),
    queryFn: () => fetchJournalDraft(key),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [values, setValuesState] = useState<EntryFormValues>(initial);
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Typed since the last save and not yet sent. */
  const unsaved = useRef(false);
  const latest = useRef(values);

  useEffect(() => {
    if (loaded || draftQuery.isPending) return;
    setLoaded(true);
    const saved = draftQuery.data;
    if (!saved) return;
    if (entryUpdatedAt && Date.parse(saved.updatedAt) <= Date.parse(entryUpdatedAt)) return;
    const { draft } = saved;
    const merged: EntryFormValues = {
      title: draft.title ?? initial.title,
      content: draft.content ?? initial.content,
      mood: draft.mood ?? initial.mood,
      privacyLevel: draft.privacyLevel ?? initial.privacyLevel,
      tags: draft.tags ?? initial.tags,
    };
    latest.current = merged;
    setValuesState(merged);
    setRestored(true);
    setStatus({ state: 'saved', at: saved.updatedAt });
  }, [loaded, draftQuery.isPending, draftQuery.data, entryUpdatedAt, initial]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!unsaved.current) return;
    unsaved.current = false;
    saveJournalDraft(key, latest.current).then(
      (saved) => setStatus({ state: 'saved', at: saved.updatedAt }),
      () => setStatus({ state: 'failed' }),
    );
  }, [key]);

  // Leaving the form mid-pause still saves what was typed.
  useEffect(() => flush, [flush]);

  const setValues = useCallback(
    (change: Partial<EntryFormValues>) => {
      latest.current = { ...latest.current, ...change };
      setValuesState(latest.current);
      setStatus({ state: 'pending' });
      unsaved.current = true;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  /** Before a save: the server drops the draft itself, a late autosave must not bring it back. */
  const cancelAutosave = useCallback(() => {
    unsaved.current = false;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  /** Throws the typed text away: the form goes back to where it started, the draft is deleted. */
  const discard = useCallback(async () => {
    cancelAutosave();
    latest.current = initial;
    setValuesState(initial);
    setRestored(false);
    setStatus({ state: 'idle' });
    await deleteJournalDraft(key);
  }, [cancelAutosave, initial, key]);

  return { values, setValues, loaded, restored, status, cancelAutosave, discard };
}
