import { cn } from '../../lib/cn';

/**
 * A round avatar: the person's picture when they uploaded one, else letters decided by the
 * caller (SPEC §2 avatar rules). Decorative either way: the menu button carries the name.
 */
export function LetterAvatar({
  letters,
  large = false,
  imageUrl = null,
}: {
  letters: string;
  large?: boolean;
  imageUrl?: string | null;
}) {
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        data-testid="avatar-image"
        className={cn('shrink-0 rounded-full object-cover', large ? 'size-9' : 'size-8')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground',
        large ? 'size-9' : 'size-8',
      )}
    >
      {letters}
    </span>
  );
}

/** Up to two initials of the name, or 'U' (page-header avatar). */
export function nameInitials(fullName: string | null | undefined): string {
  const initials = (fullName ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  return initials || 'U';
}

/** The first letter of the email uppercased, or 'U' (top-bar user menu). */
export function emailInitial(email: string | null | undefined): string {
  return email?.trim().charAt(0).toUpperCase() || 'U';
}
