import { CARE_SCOPE_LABELS } from '@kaleido/shared/care/care.schemas';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { careApi, careKeys } from '../api/care-requests';
import { useFeature } from '../../../lib/instance-features';
import { contactLinks, formatDay, notSharedSentence } from '../care-format';
import { useCareSync } from '../hooks/use-care-sync';
import { AlertsCard } from './alerts-card';
import { Notes } from './person-notes';
import { ProfileCard } from './person-profile-card';
import { SharedContent } from './person-shared-content';

/**
 * /client/people/:userId: exactly what this person's consent allows now, what is not shared
 * (said plainly), and the professional's private notes. A revocation refetches (care.changed)
 * and the section disappears.
 */
export function ClientPerson({ userId }: { userId: string }) {
  useCareSync();
  const videoInput = useFeature('video_input');
  const person = useQuery({
    queryKey: careKeys.person(userId),
    queryFn: () => careApi.person(userId),
    retry: false,
  });
  const scopes = person.data?.scopes ?? [];
  const profile = useQuery({
    queryKey: careKeys.profile(userId),
    queryFn: () => careApi.profile(userId),
    enabled: person.isSuccess,
    retry: false,
  });
  if (person.isError)
    return (
      <p role="status" className="text-sm">
        This person is not sharing anything with you.{' '}
        <Link to="/client" className="underline">
          Back to the people you work with
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
          {videoInput && (
            <Link to={links.videoCall} className={linkClass}>
              Video call
            </Link>
          )}
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
          {scopes.length > 0 && (
            <p>
              <Link
                to={`/client/reports?person=${encodeURIComponent(userId)}`}
                className="underline"
              >
                Make a report of what {name} shares
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
      {profile.data && <ProfileCard name={name} profile={profile.data} />}
      <SharedContent userId={userId} name={name} scopes={scopes} />
      <AlertsCard personId={userId} />
      <Notes userId={userId} />
    </div>
  );
}
