import type { DashboardCards as Cards } from '@kaleido/shared/dashboard/dashboard.schemas';
import { Activity, BookOpen, Info, Mail, MessageSquare, Mic, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Tip } from '../../../components/ui/tooltip';
import { cardViews } from '../dashboard-format';

const ICONS = {
  recentChats: MessageSquare,
  voiceNotes: Mic,
  emails: Mail,
  callsToday: Phone,
  journalEntries: BookOpen,
  activityScore: Activity,
} as const;

/** The six cards of SPEC §2; a card with a definition explains it in a tooltip and to readers. */
export function DashboardCards({ cards }: { cards: Cards }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-cards">
      {cardViews(cards).map((card) => {
        const Icon = ICONS[card.key];
        const helpId = `dashboard-card-help-${card.key}`;
        return (
          <li
            key={card.key}
            data-card={card.key}
            className="relative rounded-lg border bg-card p-5 shadow-sm focus-within:ring-2 focus-within:ring-primary"
          >
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-sm font-medium text-muted-foreground">
                <Link
                  to={card.link}
                  className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                  aria-describedby={card.help ? helpId : undefined}
                >
                  {card.title}
                </Link>
              </h2>
              <span className="flex items-center gap-1">
                {card.help && (
                  <Tip
                    content={card.help}
                    className="z-50 max-w-xs rounded-md bg-foreground px-3 py-2 text-xs text-background"
                  >
                    <button
                      type="button"
                      className="relative z-10 rounded-full p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
                      aria-label={`About ${card.title}`}
                      data-testid={`help-${card.key}`}
                    >
                      <Info aria-hidden="true" className="size-4" />
                    </button>
                  </Tip>
                )}
                <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
              </span>
            </div>
            <p className="mt-2 text-3xl font-bold" data-testid={`value-${card.key}`}>
              {card.value}
            </p>
            <p className="text-sm text-muted-foreground" data-testid={`detail-${card.key}`}>
              {card.detail}
            </p>
            {card.help && (
              <p id={helpId} className="sr-only">
                {card.help}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
