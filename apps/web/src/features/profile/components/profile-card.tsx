import type { ProfileResponse } from '@kaleido/shared/profile/profile.schemas';
import { PROFILE_FIELDS, type ProfileCategory } from '@kaleido/shared/profile/profile-fields';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { AvatarField } from './avatar-field';
import { ProfileField } from './profile-field';

const CATEGORY_CARDS: Record<ProfileCategory, { title: string; description: string }> = {
  user: { title: 'Personal & Identity', description: 'Who you are and how you like to reflect.' },
  client: {
    title: 'Professional Information',
    description: 'What your clients see about your practice.',
  },
  admin: {
    title: 'Administrative Information',
    description: 'Your administrative role and research settings.',
  },
};

/** One category's card with the fields the server says this viewer sees, in definition order. */
export function ProfileCard({
  category,
  profile,
  name,
}: {
  category: ProfileCategory;
  profile: ProfileResponse;
  name: string;
}) {
  const fields = PROFILE_FIELDS.filter(
    (f) => f.category === category && profile.visible.includes(f.field_id),
  );
  if (fields.length === 0) return null;
  const { title, description } = CATEGORY_CARDS[category];
  const headingId = `profile-card-${category}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        {fields.map((field) => {
          const editable = profile.editable.includes(field.field_id);
          const value = profile.values[field.field_id] ?? null;
          if (field.type === 'file')
            return (
              <div key={field.field_id} className="md:col-span-2">
                <AvatarField
                  url={typeof value === 'string' ? value : ''}
                  name={name}
                  editable={editable}
                />
              </div>
            );
          const wide =
            field.type === 'longtext' || field.type === 'multiselect' || field.type === 'schedule';
          return (
            <div key={field.field_id} className={wide ? 'md:col-span-2' : undefined}>
              <ProfileField field={field} value={value} editable={editable} />
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
