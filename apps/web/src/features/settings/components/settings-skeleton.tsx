/** Placeholders in the shape of the tabs and a card while settings load (SPEC §2). */
export function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading settings" className="grid max-w-3xl gap-6">
      <div className="h-10 animate-pulse rounded-lg bg-muted" />
      <div className="grid gap-4 rounded-lg border p-6">
        <div className="h-6 w-40 animate-pulse rounded bg-muted" />
        <div className="h-4 w-64 animate-pulse rounded bg-muted" />
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-10 animate-pulse rounded bg-muted" />
        ))}
      </div>
    </div>
  );
}
