import {
  CARE_SCOPE_LABELS,
  type CareNote,
  type CareScope,
} from '@kaleido/shared/care/care.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { careApi, careKeys } from '../../../lib/api/care';
import { contactLinks, formatDay, listWords, notSharedSentence } from '../care-format';
import { useCareSync } from '../hooks/use-care-sync';
import { AlertsCard } from './alerts-card';
import { MoodTrend } from './mood-trend';

/**
 * /client/people/:userId: exactly what this person's consent allows now, what is not shared
 * (said plainly), and the professional's private notes. A revocation refetches (care.changed)
 * and the section disappears.
 */
export function ClientPerson({ userId }: { userId: string }) {
  useCareSync();
  const person = useQuery({
    queryKey: careKeys.person(userId),
    queryFn: () => careApi.person(userId),
    retry: false,
  });
  const scopes = person.data?.scopes ?? [];
  const has = (scope: CareScope) => scopes.includes(scope);
  const profile = useQuery({
    queryKey: careKeys.profile(userId),
    queryFn: () => careApi.profile(userId),
    enabled: person.isSuccess,
    retry: false,
  });
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
  if (person.isError)
    return (
      <p role="status" className="text-sm">
        This person is not sharing anything with you.{' '}
        <Link to="/client" className="underline">
          Back to the dashboard
        </Link>
      </p>
    );
  if (!person.data) return null;
  const { name } = person.data;
  const links = contactLinks(person.data);
  const linkClass = 'rounded-md border px-3 py-2 text-sm hover:bg-accent';
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          {profile.data?.avatarUrl && (
            <img
              src={profile.data.avatarUrl}
              alt=""
              className="size-12 rounded-full object-cover"
            />
          )}
          <div>
            <h2 className="text-xl font-semibold">{name}</h2>
            <p className="text-sm text-muted-foreground">
              Working together since {formatDay(person.data.since)}
            </p>
          </div>
        </div>
        <nav aria-label={`Contact ${name}`} className="flex flex-wrap gap-2">
          <Link to={links.chat} className={linkClass}>
            Chat with {name}
          </Link>
          {links.mail && (
            <Link to={links.mail} className={linkClass}>
              Email {name}
            </Link>
          )}
          <Link to={links.audioCall} className={linkClass}>
            Call {name}
          </Link>
          <Link to={links.videoCall} className={linkClass}>
            Video call
          </Link>
        </nav>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>What {name} shares with you</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          {scopes.length === 0 ? (
            <p>Nothing is shared with you at the moment.</p>
          ) : (
            <ul aria-label="Shared">
              {scopes.map((s) => (
                <li key={s}>Shared: {CARE_SCOPE_LABELS[s]}</li>
              ))}
            </ul>
          )}
          {person.data.notShared.length > 0 && (
            <ul aria-label="Not shared" className="text-muted-foreground">
              {person.data.notShared.map((s) => (
                <li key={s}>{notSharedSentence(name, s)}</li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {profile.data && (
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            {profile.data.fields.length === 0 ? (
              <p className="text-muted-foreground">{name} has not filled in their profile.</p>
            ) : (
              <dl
                aria-label={`${name}'s profile`}
                className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]"
              >
                {profile.data.fields.map((f) => (
                  <div key={f.id} className="contents">
                    <dt className="text-muted-foreground">{f.label}</dt>
                    <dd className="whitespace-pre-wrap">{f.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {profile.data.privateFields.length > 0 && (
              <p className="text-muted-foreground">
                {name} keeps their {listWords(profile.data.privateFields)} private: you see them
                only while {name} shares insights with clients.
              </p>
            )}
          </CardContent>
        </Card>
      )}
      {has('mood_and_insights') && insights.data && (
        <Card>
          <CardHeader>
            <CardTitle>Insights</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {!insights.data.analysisEnabled && (
              <p className="text-sm text-muted-foreground">{name} has turned analysis off.</p>
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
      <AlertsCard personId={userId} />
      <Notes userId={userId} />
    </div>
  );
}

function Notes({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const notes = useQuery({
    queryKey: careKeys.notes(userId),
    queryFn: () => careApi.notes(userId),
    retry: false,
  });
  const [draft, setDraft] = useState('');
  const add = useMutation({
    mutationFn: () => careApi.addNote(userId, draft),
    onSuccess: () => {
      setDraft('');
      void queryClient.invalidateQueries({ queryKey: careKeys.notes(userId) });
    },
  });
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (draft.trim()) add.mutate();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Private notes</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-xs text-muted-foreground">Only you can read these notes.</p>
        <form onSubmit={submit} className="grid gap-2">
          <textarea
            aria-label="New note"
            className="min-h-20 rounded-md border bg-background p-2 text-sm"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div>
            <Button type="submit" size="sm" disabled={add.isPending || !draft.trim()}>
              Add note
            </Button>
          </div>
        </form>
        <ul aria-label="Notes" className="grid gap-2 text-sm">
          {notes.data?.notes.map((n) => (
            <NoteItem key={n.id} note={n} userId={userId} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** One note: read, edit in place (Save / Cancel), or delete. */
function NoteItem({ note, userId }: { note: CareNote; userId: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: careKeys.notes(userId) });
  const save = useMutation({
    mutationFn: (content: string) => careApi.updateNote(note.id, content),
    onSuccess: async () => {
      await refresh();
      setEditing(null);
    },
  });
  const remove = useMutation({
    mutationFn: () => careApi.deleteNote(note.id),
    onSuccess: refresh,
  });
  const edited = note.updatedAt !== note.createdAt;
  return (
    <li className="grid gap-2 rounded-md border p-2">
      {editing === null ? (
        <p className="whitespace-pre-wrap">{note.content}</p>
      ) : (
        <textarea
          aria-label="Edit note"
          className="min-h-20 rounded-md border bg-background p-2 text-sm"
          value={editing}
          onChange={(e) => setEditing(e.target.value)}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground">
          {formatDay(note.createdAt)}
          {edited ? ` · edited ${formatDay(note.updatedAt)}` : ''}
        </span>
        <span className="flex gap-2">
          {editing === null && confirming ? (
            <>
              <span className="text-xs">Delete this note?</span>
              <Button
                size="sm"
                variant="destructive"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                Delete note
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : editing === null ? (
            <>
              <Button size="sm" variant="outline" onClick={() => setEditing(note.content)}>
                Edit
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                disabled={save.isPending || !editing.trim()}
                onClick={() => save.mutate(editing)}
              >
                Save
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </>
          )}
        </span>
      </div>
    </li>
  );
}
