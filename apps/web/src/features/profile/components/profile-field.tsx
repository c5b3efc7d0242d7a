import type { ProfileValue } from '@kaleido/shared/profile/profile.schemas';
import {
  READ_ONLY_MESSAGE,
  type ProfileFieldDefinition,
} from '@kaleido/shared/profile/profile-fields';
import { Label } from '../../../components/ui/label';
import { Tip } from '../../../components/ui/tooltip';
import { useFieldAutosave } from '../hooks/use-field-autosave';
import { FieldControl } from './field-control';

interface ProfileFieldProps {
  field: ProfileFieldDefinition;
  value: ProfileValue;
  editable: boolean;
}

/** One field: label, control, description and problem; read-only ones carry the spec's tooltip. */
export function ProfileField({ field, value, editable }: ProfileFieldProps) {
  const { value: shown, edit, problem } = useFieldAutosave(field.field_id, value);
  const id = `profile-${field.field_id}`;
  const descriptionId = `${id}-description`;
  const problemId = `${id}-problem`;
  const readOnlyId = `${id}-read-only`;
  const describedBy = [descriptionId, problem ? problemId : '', editable ? '' : readOnlyId]
    .filter(Boolean)
    .join(' ');

  const control = (
    <FieldControl
      field={field}
      id={id}
      value={shown}
      disabled={!editable}
      invalid={problem !== null}
      describedBy={describedBy}
      onChange={edit}
    />
  );

  return (
    <div className="grid gap-1.5" data-field={field.field_id}>
      <Label htmlFor={id}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </Label>
      {editable ? (
        control
      ) : (
        <Tip
          content={READ_ONLY_MESSAGE}
          className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background"
        >
          {/* Disabled controls get no pointer events: the wrapper takes the hover and focus. */}
          <div tabIndex={0} data-read-only="true" className="rounded-md">
            {control}
          </div>
        </Tip>
      )}
      <p id={descriptionId} className="text-xs text-muted-foreground">
        {field.description}
      </p>
      {!editable && (
        <p id={readOnlyId} className="sr-only">
          {READ_ONLY_MESSAGE}
        </p>
      )}
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
