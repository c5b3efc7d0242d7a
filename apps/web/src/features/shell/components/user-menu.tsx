import { LogOut, Settings, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { emailInitial, LetterAvatar } from '../../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useSession } from '../../../lib/session';
import { SIGN_OFF_TOASTS, useSignOut } from '../../../lib/sign-out';
import { uiActions } from '../../../lib/ui-store';

/** The top bar's user menu: Profile, Settings, Log out → /login (SPEC §2). */
export function UserMenu() {
  const { session } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const email = session.profile?.email ?? session.user?.email ?? '';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        className="rounded-full focus-visible:outline-2"
        data-testid="user-menu-trigger"
      >
        <LetterAvatar letters={emailInitial(email)} imageUrl={session.avatarUrl} />
      </DropdownMenuTrigger>
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
