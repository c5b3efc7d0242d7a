import '../../../lib/zod';
import { profileValueSchema, type ProfileValue } from '@kaleido/shared/profile/profile.schemas';
import type { ProfileFieldId } from '@kaleido/shared/profile/profile-fields';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { PROFILE_SAVE_DEBOUNCE_MS } from '../profile-messages';
import { useSaveProfileField } from './use-profile';

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * One field's edit state: the draft shown while typing, the shared schema's first problem, and a
 * save 500 ms after the last edit, only when the schema accepts the value (SPEC §5).
 */
export function useFieldAutosave(field: ProfileFieldId, serverValue: ProfileValue) {
  const save = useSaveProfileField();
  const schema = useMemo(() => profileValueSchema(field), [field]);
  const [draft, setDraft] = useState<{ value: ProfileValue } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef<ProfileValue | undefined>(undefined);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function edit(value: ProfileValue) {
    latest.current = value;
    setDraft({ value });
    window.clearTimeout(timer.current);
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Invalid value');
      return;
    }
    setProblem(null);
    const clean = parsed.data as ProfileValue;
    timer.current = window.setTimeout(() => {
      if (same(clean, serverValue)) return;
      save.mutate(
        { field, value: clean },
        {
          onSuccess: () => {
            // Keep typing that happened while the request was out.
            if (same(latest.current, value)) setDraft(null);
          },
          onError: (error) => {
            if (error instanceof ApiRequestError)
              setProblem(error.errors?.[0]?.message ?? error.message);
          },
        },
      );
    }, PROFILE_SAVE_DEBOUNCE_MS);
  }

  return { value: draft ? draft.value : serverValue, edit, problem, saving: save.isPending };
}
