import type { Role } from '@kaleido/shared/roles/roles';
import { ShieldCheck, Sparkles, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { INTERFACE_HOME, saveSelectedInterface } from '../../lib/interfaces';
import { ROLE_LABELS } from '@kaleido/shared/roles/role.constants';
import { useSession } from '../../lib/session';
import { RouteGuard } from '../route-guard';

const CHOICES: { value: Role; title: string; text: string; icon: typeof Users }[] = [
  {
    value: 'user',
    title: 'User Interface',
    text: 'The personal workspace: chat, voice notes, journal and supportive insights about yourself.',
    icon: Sparkles,
  },
  {
    value: 'client',
    title: 'Client Interface',
    text: 'For coaches, psychologists and HR: structured views and analytics of assigned users.',
    icon: Users,
  },
  {
    value: 'admin',
    title: 'Admin Interface',
    text: 'For system owners and researchers: roles, data export, system health and research tools.',
    icon: ShieldCheck,
  },
];

function InterfaceSelection() {
  const { reload } = useSession();
  const navigate = useNavigate();
  const [saving, setSaving] = useState<Role | null>(null);

  async function choose(value: Role) {
    setSaving(value);
    try {
      await saveSelectedInterface(value);
      await reload();
      await navigate(INTERFACE_HOME[value], { replace: true });
    } catch {
      setSaving(null);
      toast.error('Error switching interface', {
        description: 'There was a problem switching interfaces. Please try again.',
      });
    }
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-5xl flex-col justify-center gap-8 p-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold">Choose your interface</h1>
        <p className="mt-2 text-muted-foreground">
          As an administrator you can work in any of the three interfaces. Pick where to start; you
          can switch at any time from your avatar menu with Switch View.
        </p>
      </div>
      <ul className="grid gap-6 md:grid-cols-3">
        {CHOICES.map(({ value, title, text, icon: Icon }) => (
          <li key={value} className="flex flex-col gap-3 rounded-lg border bg-card p-6 shadow-sm">
            <Icon className="size-8 text-primary" aria-hidden="true" />
            <h2 className="text-lg font-semibold">{title}</h2>
            <p className="text-xs font-medium text-primary">{ROLE_LABELS[value]}</p>
            <p className="flex-1 text-sm text-muted-foreground">{text}</p>
            <Button disabled={saving !== null} onClick={() => void choose(value)}>
              {saving === value ? 'Saving...' : `Use ${title}`}
            </Button>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** /interface-selection: where a first-time admin chooses an interface (SPEC §2, §6). */
export function InterfaceSelectionRoute() {
  return (
    <RouteGuard allowedRoles={['admin']}>
      <InterfaceSelection />
    </RouteGuard>
  );
}
