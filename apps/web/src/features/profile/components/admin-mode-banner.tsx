import type { Role } from '@kaleido/shared/roles/roles';
import { ShieldCheck } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';

const WHAT_YOU_EDIT: Record<Role, string> = {
  user: 'You can edit the Personal & Identity fields.',
  client: 'You can edit the Professional Information fields.',
  admin: 'You can see and edit every field, including Administrative Information.',
};

/** For admins: which interface they act through, since it decides what they may edit (SPEC §6). */
export function AdminModeBanner({ mode }: { mode: Role }) {
  return (
    <Alert tone="info" className="flex items-start gap-3">
      <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">You are in the {mode} interface.</strong>{' '}
        {WHAT_YOU_EDIT[mode]}
        {mode !== 'admin' &&
          ' Other fields are read-only here; use Switch View in your avatar menu to change interface.'}
      </p>
    </Alert>
  );
}
