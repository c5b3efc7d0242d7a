import type { ReactNode } from 'react';
import { Label } from './label';

/** A labelled field: the label points at the control with `htmlFor`. */
export function FormField({
  id,
  label,
  children,
  aside,
}: {
  id: string;
  label: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
    </div>
  );
}
