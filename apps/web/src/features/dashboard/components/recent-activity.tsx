import { DASHBOARD_TEXTS } from '@kaleido/shared/dashboard/dashboard.constants';
import type { RecentActivity as Item } from '@kaleido/shared/dashboard/dashboard.schemas';
import { BookOpen, Mail, MessageSquare, Mic, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { timeAgo } from '../dashboard-format';

const ICONS = {
  chat: MessageSquare,
  voice: Mic,
  email: Mail,
  calls: Phone,
  journal: BookOpen,
} as const;

/** SPEC §2 Recent Activity, from every channel on the server, newest first; each opens its item. */
export function RecentActivity({ items, now }: { items: Item[]; now: Date }) {
  return (
    <section aria-labelledby="recent-activity">
      <h2 id="recent-activity" className="mb-3 text-lg font-semibold">
        {DASHBOARD_TEXTS.recentActivity}
      </h2>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          {DASHBOARD_TEXTS.noActivity}
        </p>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="recent-activity-list">
          {items.map((item) => {
            const Icon = ICONS[item.channel];
            return (
              <li key={item.id}>
                <Link
                  to={item.link}
                  className="flex items-center gap-3 px-4 py-2.5 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate">{item.title}</span>
                  <time className="shrink-0 text-muted-foreground" dateTime={item.at}>
                    {timeAgo(item.at, now)}
                  </time>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
