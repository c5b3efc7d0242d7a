import { DASHBOARD_TEXTS } from '@kaleido/shared/dashboard/dashboard.constants';
import { Mail, MessageSquarePlus, Mic } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';

/** SPEC §2 Quick Actions: each opens the screen that does it. */
const ACTIONS = [
  { label: DASHBOARD_TEXTS.startNewChat, to: '/app/chat/new?new=true', icon: MessageSquarePlus },
  { label: DASHBOARD_TEXTS.recordVoiceNote, to: '/app/voice-notes/recorder', icon: Mic },
  { label: DASHBOARD_TEXTS.composeEmail, to: '/app/email/compose', icon: Mail },
] as const;

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions">
      <h2 id="quick-actions" className="mb-3 text-lg font-semibold">
        {DASHBOARD_TEXTS.quickActions}
      </h2>
      <div className="flex flex-wrap gap-2">
        {ACTIONS.map(({ label, to, icon: Icon }) => (
          <Link key={label} to={to} className={buttonVariants({ variant: 'outline' })}>
            <Icon aria-hidden="true" />
            {label}
          </Link>
        ))}
      </div>
    </section>
  );
}
