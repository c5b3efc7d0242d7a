import type { CarePersonProfile } from '@kaleido/shared/care/care-reads.schemas';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { listWords } from '../care-format';

/** The person's profile fields a professional may see under SPEC §6, and which they keep private. */
export function ProfileCard({ name, profile }: { name: string; profile: CarePersonProfile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {profile.fields.length === 0 ? (
          <p className="text-muted-foreground">{name} has not filled in their profile.</p>
        ) : (
          <dl
            aria-label={`${name}'s profile`}
            className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]"
          >
            {profile.fields.map((f) => (
              <div key={f.id} className="contents">
                <dt className="text-muted-foreground">{f.label}</dt>
                <dd className="whitespace-pre-wrap">{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {profile.privateFields.length > 0 && (
          <p className="text-muted-foreground">
            {name} keeps their {listWords(profile.privateFields)} private: you see them only while{' '}
            {name} shares insights with clients.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
