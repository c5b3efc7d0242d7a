import { useEffect, useState } from 'react';

/** This tab's unfinished questionnaire; cleared by scoring it and by signing out (lib/sign-out). */
const DRAFT_KEY = 'kaleido.personality-answers';

type Answers = (number | null)[];

function readDraft(total: number): Answers | null {
  try {
    const saved: unknown = JSON.parse(globalThis.sessionStorage.getItem(DRAFT_KEY) ?? 'null');
    const valid =
      Array.isArray(saved) &&
      saved.length === total &&
      saved.every((a) => a === null || (Number.isInteger(a) && a >= 1 && a <= 5));
    return valid ? (saved as Answers) : null;
  } catch {
    return null;
  }
}

/**
 * The answers given so far, kept for this tab so a reload or a slip of the back button does not
 * lose fifty answers. Session storage, not local: they are gone when the tab closes, so a shared
 * computer does not keep them.
 */
export function usePersonalityDraft(total: number) {
  const [answers, setAnswers] = useState<Answers>(
    () => readDraft(total) ?? Array.from({ length: total }, () => null),
  );
  useEffect(() => {
    try {
      if (answers.some((a) => a !== null))
        globalThis.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(answers));
      else globalThis.sessionStorage.removeItem(DRAFT_KEY);
    } catch {
      // Storage full or refused (private mode): the answers still live in the page.
    }
  }, [answers]);
  const forget = () => globalThis.sessionStorage.removeItem(DRAFT_KEY);
  return { answers, setAnswers, forget };
}
