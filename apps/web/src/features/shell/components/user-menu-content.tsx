import { LogOut, Settings, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { ButtonHTMLAttributes } from 'react';
import type { TakeOver } from '../../../components/ui/lazy-overlay';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { SIGN_OFF_TOASTS, useSignOut } from '../../../lib/sign-out';
import { uiActions } from '../../../lib/ui-store';

/** The top bar's user menu itself (`UserMenu` draws its trigger before this arrives). */
export function UserMenuContent({
  email,
  trigger,
  defaultOpen,
  triggerRef,
}: { email: string; trigger: ButtonHTMLAttributes<HTMLButtonElement> } & TakeOver) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={triggerRef} {...trigger} />
      <DropdownMenuContent>
        <DropdownMenuLabel className="truncate text-muted-foreground">{email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            uiActions.setActiveModality('profile');
            void navigate('/app/profile');
          }}
        >
          <User aria-hidden="true" /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            uiActions.setActiveModality('settings');
            void navigate('/app/settings');
          }}
        >
          <Settings aria-hidden="true" /> Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            signOut('/login').catch(() =>
              toast.error(SIGN_OFF_TOASTS.failure.title, {
                description: SIGN_OFF_TOASTS.failure.description,
              }),
            );
          }}
        >
          <LogOut aria-hidden="true" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
