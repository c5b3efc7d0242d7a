import type { Role } from '@kaleido/shared/roles/roles';
import { LoaderCircle, LogOut, Repeat, Settings, User } from 'lucide-react';
import { useState, type ButtonHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { TakeOver } from '../../../components/ui/lazy-overlay';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import {
  effectiveInterface,
  saveSelectedInterface,
  SWITCH_VIEW_TARGET,
} from '../../../lib/interfaces';
import { ROLE_LABELS, ROLES } from '@kaleido/shared/roles/role.constants';
import { useSession } from '../../../lib/session';
import { SIGN_OFF_TOASTS, useSignOut } from '../../../lib/sign-out';

const INTERFACE_NAMES: Record<Role, string> = {
  user: 'User Interface',
  client: 'Client Interface',
  admin: 'Admin Interface',
};

/** The page header's avatar menu itself (`AvatarMenu` draws its trigger before this arrives). */
export function AvatarMenuContent({
  trigger,
  defaultOpen,
  triggerRef,
}: { trigger: ButtonHTMLAttributes<HTMLButtonElement> } & TakeOver) {
  const { session, reload } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [signingOff, setSigningOff] = useState(false);
  const [switchingTo, setSwitchingTo] = useState<Role | null>(null);
  const fullName = session.profile?.fullName || 'User';
  const role = session.role ?? 'user';
  const iface = effectiveInterface(session);

  async function signOff() {
    setSigningOff(true);
    try {
      await signOut('/auth');
      toast.success(SIGN_OFF_TOASTS.success.title, {
        description: SIGN_OFF_TOASTS.success.description,
      });
    } catch {
      setSigningOff(false);
      toast.error(SIGN_OFF_TOASTS.failure.title, {
        description: SIGN_OFF_TOASTS.failure.description,
      });
    }
  }

  async function switchTo(target: Role) {
    setSwitchingTo(target);
    try {
      await saveSelectedInterface(target);
      await reload();
      toast.success('Interface switched', { description: `Switched to ${target} interface` });
      await navigate(SWITCH_VIEW_TARGET[target]);
    } catch {
      toast.error('Error switching interface', {
        description: 'There was a problem switching interfaces. Please try again.',
      });
    } finally {
      setSwitchingTo(null);
    }
  }

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={triggerRef} {...trigger} />
      <DropdownMenuContent>
        <DropdownMenuLabel className="flex flex-col">
          <span className="font-medium">{fullName}</span>
          <span className="truncate text-xs text-muted-foreground">{session.user?.email}</span>
          <span className="text-xs text-primary" data-testid="role-label">
            {ROLE_LABELS[role]}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(`/${iface}/profile`)}>
          <User aria-hidden="true" /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(`/${iface}/settings`)}>
          <Settings aria-hidden="true" /> Settings
        </DropdownMenuItem>
        {role === 'admin' && (
          <DropdownMenuSub>
            <DropdownMenuSubTrigger disabled={switchingTo !== null}>
              {switchingTo ? (
                <LoaderCircle className="animate-spin" aria-label="Switching interface" />
              ) : (
                <Repeat aria-hidden="true" />
              )}
              Switch View
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              {ROLES.map((target) => (
                <DropdownMenuItem
                  key={target}
                  disabled={switchingTo !== null}
                  onSelect={() => void switchTo(target)}
                >
                  {INTERFACE_NAMES[target]}
                  {iface === target && (
                    <span className="ml-auto text-xs text-muted-foreground">Current</span>
                  )}
                </DropdownMenuItem>
              ))}
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signingOff}
          onSelect={(event) => {
            event.preventDefault();
            void signOff();
          }}
        >
          <LogOut aria-hidden="true" /> {signingOff ? 'Signing off...' : 'Sign Off'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
