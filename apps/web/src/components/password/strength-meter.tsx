import { passwordStrength } from '@kaleido/shared/auth/password-strength';
import { cn } from '../../lib/cn';

const BAR_COLOURS = { Weak: 'bg-destructive', Medium: 'bg-amber-500', Strong: 'bg-success' };

/** The spec's strength meter (SPEC §5): score bar, label and the hints still open. */
export function StrengthMeter({ password, id }: { password: string; id: string }) {
  if (password === '') return null;
  const { score, label, hints } = passwordStrength(password);
  return (
    <div id={id} className="flex flex-col gap-1" data-testid="strength-meter">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={`${label} (${score} of 100)`}
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full transition-all', BAR_COLOURS[label])}
          style={{ width: `${score}%` }}
        />
      </div>
      <p className="text-xs">
        Password strength: <span className="font-medium">{label}</span>
      </p>
      {hints.length > 0 && (
        <ul className="list-disc pl-4 text-xs text-muted-foreground">
          {hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
