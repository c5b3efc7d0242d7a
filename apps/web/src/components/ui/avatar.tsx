import { cn } from '../../lib/cn';

/** A round letter avatar; the letters are decided by the caller (SPEC §2 avatar rules). */
export function LetterAvatar({ letters, large = false }: { letters: string; large?: boolean }) {
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
