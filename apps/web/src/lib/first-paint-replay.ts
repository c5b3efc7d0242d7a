/**
 * What a person did on the live first paint of `/` or `/login` (decision 052) before the
 * application's scripts arrived, replayed on the live screen when it takes over: the tab they
 * tapped, what they typed, the field they were in, and a form they sent.
 */

/** Noted by the server's inline recorder (apps/server/src/http/paint-first.ts). */
interface FirstPaintSeen {
  /** Each tab or button tapped, in order, by its label or text ("Sign Up", "Show password"). */
  clicks: { tab: boolean; name: string }[];
  /** The id of the field last focused. */
  focus: string | null;
  /** The id of the first field of the form sent (Enter, or its button). */
  submit: string | null;
}

declare global {
  interface Window {
    __firstPaint?: FirstPaintSeen;
  }
}

export interface FirstPaintState extends FirstPaintSeen {
  /** Each field of the copy the person typed into: its id and its text. */
  values: [id: string, value: string][];
}

/** Reads the copy before it is removed. */
export function takeFirstPaintState(copy: HTMLElement): FirstPaintState {
  const seen = window.__firstPaint ?? { clicks: [], focus: null, submit: null };
  const fields = copy.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[id]:not([type="checkbox"]):not([type="radio"]), textarea[id]',
  );
  const values = [...fields]
    .filter((field) => field.value !== '')
    .map((field): [string, string] => [field.id, field.value]);
  return { ...seen, values };
}

/** Sets a React-controlled field as typing would: the value, then the event React listens to. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  // React tracks the value it set; the prototype's setter goes around that, as typing does.
  const prototype: object = Object.getPrototypeOf(field) as object;
  Reflect.set(prototype, 'value', value, field);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Replays `state` on the live screen, each step a task after the last so that React has drawn
 * what the step before changed (the tab's form, then the fields' state before a submit).
 */
export async function replayFirstPaint(state: FirstPaintState): Promise<void> {
  if (state.clicks.length === 0 && !state.focus && !state.submit && state.values.length === 0)
    return;
  for (const click of state.clicks) {
    const control = [
      ...document.querySelectorAll<HTMLElement>('#root button, #root [role="tab"]'),
    ].find(
      (candidate) =>
        (candidate.getAttribute('role') === 'tab') === click.tab &&
        (candidate.getAttribute('aria-label') ?? candidate.textContent.trim()) === click.name,
    );
    if (!control) continue;
    // Radix tabs select on mousedown (a click alone does not), as they do under a finger.
    if (click.tab) control.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    control.click();
    // What the control opens (the tab's form, a dialog) is drawn before the next step.
    await nextTask();
  }
  for (const [id, value] of state.values) {
    const field = document.getElementById(id);
    // A field the live screen already filled (a browser's autofill) keeps its value.
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && !field.value)
      type(field, value);
  }
  if (state.focus) document.getElementById(state.focus)?.focus();
  if (!state.submit) return;
  await nextTask();
  document.getElementById(state.submit)?.closest('form')?.requestSubmit();
}
