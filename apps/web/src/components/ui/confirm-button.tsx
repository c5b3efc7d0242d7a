import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Dialog, DialogContent, DialogTrigger } from './dialog';

/**
 * A button that asks before it acts: the dialog says what will be lost, and only its confirm
 * button acts (ending a relationship, deleting tags, the console's destructive actions).
 */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  variant = 'destructive',
}: {
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  pending: boolean;
  variant?: ButtonProps['variant'];
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant={variant} size="sm" disabled={pending}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={title}
        description={description}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={pending} onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            variant={variant}
            disabled={pending}
            onClick={() => {
              void onConfirm().then(
                () => setOpen(false),
                () => setOpen(false),
              );
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
