import { DASHBOARD_TEXTS } from '@kaleido/shared/dashboard/dashboard.constants';
import type { DashboardCards, MoodDay } from '@kaleido/shared/dashboard/dashboard.schemas';

/** '+2', '-1', '0': a change with its sign, as the spec's cards show it. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** SPEC §2 'Calls Today 3 (2h 15m total)': hours and minutes, or minutes alone. */
export function duration(totalSeconds: number): string {
  const minutes = Math.round(totalSeconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

export interface CardView {
  key: keyof DashboardCards;
  title: string;
  value: string;
  detail: string;
  /** What the detail means, when the words alone do not say (read by screen readers too). */
  help?: string;
  /** Where the card leads. */
  link: string;
}

/** The six cards of SPEC §2 in its order, with its wording. */
export function cardViews(cards: DashboardCards): CardView[] {
  const t = DASHBOARD_TEXTS;
  return [
    {
      key: 'recentChats',
      title: t.recentChats,
      value: String(cards.recentChats.count),
      detail: `${signed(cards.recentChats.changeFromYesterday)} ${t.fromYesterday}`,
      help: t.recentChatsHelp,
      link: '/app/chat',
    },
    {
      key: 'voiceNotes',
      title: t.voiceNotes,
      value: String(cards.voiceNotes.count),
      detail: `${cards.voiceNotes.unheard} unheard`,
      link: '/app/voice-notes/inbox',
    },
    {
      key: 'emails',
      title: t.emails,
      value: String(cards.emails.count),
      detail: `${cards.emails.unread} unread`,
      link: '/app/email/inbox',
    },
    {
      key: 'callsToday',
      title: t.callsToday,
      value: String(cards.callsToday.count),
      detail: `${duration(cards.callsToday.totalSeconds)} total`,
      link: '/app/calls/history',
    },
    {
      key: 'journalEntries',
      title: t.journalEntries,
      value: String(cards.journalEntries.thisMonth),
      detail: t.thisMonth,
      link: '/app/journal/calendar',
    },
    {
      key: 'activityScore',
      title: t.activityScore,
      value: `${cards.activityScore.percent}%`,
      detail: `${signed(cards.activityScore.changeFromLastWeek)}% ${t.fromLastWeek}`,
      help: `${t.activityScoreHelp} You were active on ${cards.activityScore.activeDays} of the last 7 days (${cards.activityScore.lastWeekActiveDays} the week before).`,
      link: '/app/journal/calendar',
    },
  ];
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** SPEC §2 Recent Activity: '2 minutes ago', '1 hour ago'; 'just now' under a minute. */
export function timeAgo(at: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(at)) / 1000));
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  for (const [unit, size] of UNITS)
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  return 'just now';
}

const moodWord = (average: number) =>
  average >= 0.5
    ? 'mostly good'
    : average > 0
      ? 'a little more good than hard'
      : average === 0
        ? 'balanced'
        : average > -0.5
          ? 'a little more hard than good'
          : 'mostly hard';

const mean = (days: MoodDay[]) => {
  const entries = days.reduce((n, d) => n + d.entries, 0);
  const sum = days.reduce((s, d) => s + (d.average ?? 0) * d.entries, 0);
  return entries === 0 ? null : Math.round((sum / entries) * 100) / 100;
};

/** The chart's text alternative: how many days, the overall mood, the last week against it. */
export function moodTrendSummary(days: MoodDay[]): string {
  const recorded = days.filter((d) => d.entries > 0);
  const overall = mean(days);
  if (overall === null) return DASHBOARD_TEXTS.noMoods;
  const lastWeek = mean(days.slice(-7));
  const base = `Moods recorded on ${recorded.length} of the last ${days.length} days, ${moodWord(overall)} on average (${overall} on a scale from −1 to 1).`;
  if (lastWeek === null) return `${base} No moods in the last 7 days.`;
  const change =
    lastWeek > overall ? 'better than' : lastWeek < overall ? 'harder than' : 'the same as';
  return `${base} The last 7 days: ${lastWeek}, ${change} the ${days.length}-day average.`;
}
