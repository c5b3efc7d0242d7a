import {
  JOURNAL_CONTENT_MAX,
  JOURNAL_TITLE_MAX,
  UNTITLED_ENTRY,
} from '@kaleido/shared/journal/journal.constants';
import { useId } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { EntryFormValues } from '../hooks/use-entry-draft';
import { MoodPicker } from './mood-picker';
import { PrivacySelect } from './privacy-select';
import { TagInput } from './tag-input';

export type FieldErrors = Partial<Record<keyof EntryFormValues, string>>;

/** Title, optionally content, mood, tags and privacy: shared by the text, voice and edit forms. */
export function EntryFields({
  values,
  onChange,
  errors = {},
  withContent,
  contentLabel = 'Content',
  autoFocusTitle = false,
}: {
  values: EntryFormValues;
  onChange: (change: Partial<EntryFormValues>) => void;
  errors?: FieldErrors;
  withContent: boolean;
  contentLabel?: string;
  autoFocusTitle?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={values.title}
          maxLength={JOURNAL_TITLE_MAX}
          placeholder={UNTITLED_ENTRY}
          // Focus lands here when the person asked for a new entry (palette, ?new=true).
          autoFocus={autoFocusTitle}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          onChange={(event) => onChange({ title: event.target.value })}
        />
        {errors.title && (
          <p id={`${id}-title-error`} className="text-sm text-destructive">
            {errors.title}
          </p>
        )}
      </div>
      {withContent && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-content`}>{contentLabel}</Label>
          <textarea
            id={`${id}-content`}
            value={values.content}
            rows={10}
            placeholder="What is on your mind?"
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={`${id}-content-count${errors.content ? ` ${id}-content-error` : ''}`}
            onChange={(event) => onChange({ content: event.target.value })}
            className="w-full rounded-md border bg-background px-3 py-2 text-sm leading-relaxed placeholder:text-muted-foreground aria-[invalid=true]:border-destructive"
          />
          <div className="flex justify-between gap-2 text-sm">
            <p id={`${id}-content-error`} className="text-destructive">
              {errors.content}
            </p>
            <p
              id={`${id}-content-count`}
              className={
                values.content.length > JOURNAL_CONTENT_MAX
                  ? 'text-destructive'
                  : 'text-muted-foreground'
              }
            >
              {values.content.length.toLocaleString()} / {JOURNAL_CONTENT_MAX.toLocaleString()}
            </p>
          </div>
        </div>
      )}
      <MoodPicker name={`${id}-mood`} value={values.mood} onChange={(mood) => onChange({ mood })} />
      <TagInput value={values.tags} onChange={(tags) => onChange({ tags })} />
      {errors.tags && <p className="text-sm text-destructive">{errors.tags}</p>}
      <PrivacySelect
        value={values.privacyLevel}
        onChange={(privacyLevel) => onChange({ privacyLevel })}
      />
    </div>
  );
}

/** The first message for each field of a failed parse (the spec's exact texts). */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'content') as keyof EntryFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}
