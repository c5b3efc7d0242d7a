import { useEffect, useRef, useState } from 'react';
import { saveMailDraft } from '../../../lib/api/email';

const AUTOSAVE_MS = 800;

export type DraftFields = { to: string[]; cc: string[]; subject: string; content: string };
export type DraftSaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Every change to a draft is saved to the server after a short pause, so nothing is lost on
 * reload. `change` wraps a setter so the edit counts as unsaved; `latest` is what a send or an
 * attachment saves first.
 */
export function useDraftAutosave(draftId: string, fields: DraftFields, savedBefore: boolean) {
  const [status, setStatus] = useState<DraftSaveStatus>(savedBefore ? 'saved' : 'idle');
  const dirty = useRef(false);
  const latest = useRef(fields);
  latest.current = fields;

  const save = async () => {
    setStatus('saving');
    try {
      await saveMailDraft(draftId, latest.current);
      dirty.current = false;
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };

  useEffect(() => {
    if (!dirty.current) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saves the latest text after a pause
  }, [fields.to, fields.cc, fields.subject, fields.content]);

  const change =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      dirty.current = true;
      set(value);
    };

  /** The draft went out with the latest text: nothing is left to save. */
  const markSent = () => {
    dirty.current = false;
  };

  return { status, save, change, latest, markSent };
}
