import type { CareScope } from '@kaleido/shared/care/care.schemas';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { careApi, careKeys } from '../api/care-requests';
import { formatDay } from '../care-format';
import { MoodTrend } from './mood-trend';

/**
 * What the person shares, one card per scope: each card asks only while its scope is granted,
 * so a revoked scope's request is never made (the server would refuse it anyway).
 */
export function SharedContent({
  userId,
  name,
  scopes,
}: {
  userId: string;
  name: string;
  scopes: readonly CareScope[];
}) {
  const has = (scope: CareScope) => scopes.includes(scope);
  const insights = useQuery({
    queryKey: careKeys.insights(userId),
    queryFn: () => careApi.insights(userId),
    enabled: has('mood_and_insights'),
    retry: false,
  });
  const mood = useQuery({
    queryKey: careKeys.mood(userId),
    queryFn: () => careApi.mood(userId),
    enabled: has('mood_and_insights'),
    retry: false,
  });
  const entries = useQuery({
    queryKey: careKeys.entries(userId),
    queryFn: () => careApi.entries(userId),
    enabled: has('shared_journal_entries'),
    retry: false,
  });
  const transcripts = useQuery({
    queryKey: careKeys.transcripts(userId),
    queryFn: () => careApi.transcripts(userId),
    enabled: has('voice_note_transcripts'),
    retry: false,
  });
  return (
    <>
      {has('mood_and_insights') && insights.data && (
        <Card>
          <CardHeader>
            <CardTitle>Insights</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {!insights.data.analysisEnabled && (
              <p className="text-sm text-muted-foreground">{name} has turned analysis off.</p>
            )}
            {insights.data.analysisEnabled && (
              <p className="text-xs text-muted-foreground">
                Figures come from everything {name} writes. Themes, better and worse days and the
                weekly summary come only from what {name} shares with you.
              </p>
            )}
            {insights.data.cards.map((card) => (
              <article
                key={card.id}
                data-insight={card.id}
                className="grid gap-1 rounded-md border p-3"
              >
                <h3 className="font-medium">{card.title}</h3>
                <p className={card.status === 'ok' ? 'text-sm' : 'text-sm text-muted-foreground'}>
                  {card.claim}
                </p>
              </article>
            ))}
          </CardContent>
        </Card>
      )}
      {has('mood_and_insights') && mood.data && (
        <Card>
          <CardHeader>
            <CardTitle>Mood trend</CardTitle>
          </CardHeader>
          <CardContent>
            <MoodTrend points={mood.data.points} label="Mood trend" />
          </CardContent>
        </Card>
      )}
      {has('shared_journal_entries') && entries.data && (
        <Card>
          <CardHeader>
            <CardTitle>Shared journal entries</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {entries.data.entries.length === 0 && (
              <p className="text-sm text-muted-foreground">No entry is shared yet.</p>
            )}
            {entries.data.entries.map((e) => (
              <article key={e.id} className="grid gap-1 rounded-md border p-3">
                <h3 className="font-medium">{e.title}</h3>
                <p className="text-xs text-muted-foreground">
                  {formatDay(e.createdAt)} · {e.mood}
                </p>
                <p className="whitespace-pre-wrap text-sm">{e.content}</p>
              </article>
            ))}
          </CardContent>
        </Card>
      )}
      {has('voice_note_transcripts') && transcripts.data && (
        <Card>
          <CardHeader>
            <CardTitle>Voice note transcripts</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {transcripts.data.transcripts.length === 0 && (
              <p className="text-sm text-muted-foreground">No transcript yet.</p>
            )}
            {transcripts.data.transcripts.map((t) => (
              <article key={t.id} className="grid gap-1">
                <h3 className="font-medium">{t.title}</h3>
                <p className="text-sm">{t.transcript}</p>
              </article>
            ))}
          </CardContent>
        </Card>
      )}
    </>
  );
}
