const SHORTCUTS = [
  { keys: 'Cmd+1', action: 'Dashboard' },
  { keys: 'Cmd+2', action: 'Chat' },
  { keys: 'Cmd+3', action: 'Voice Notes' },
  { keys: 'Cmd+N', action: 'New Chat' },
  { keys: 'Cmd+K', action: 'Search' },
  { keys: 'Cmd+B', action: 'Toggle the sidebar' },
  { keys: 'Cmd+4 … Cmd+9', action: 'Email, Calls, Journal, Profile, Settings, Help' },
  { keys: 'C', action: 'Email: compose a message' },
  { keys: 'R', action: 'Email: reply to the open message' },
  { keys: 'E', action: 'Email: archive the open message' },
  { keys: '#', action: 'Email: delete the open message' },
  { keys: 'J / K', action: 'Email: next / previous message' },
];

export function ShortcutsRoute() {
  return (
    <section aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title" className="mb-2 text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        On Windows and Linux use Ctrl instead of Cmd. Some browsers keep Ctrl+N for a new window;
        there, use the New Chat button.
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-2">
              Shortcut
            </th>
            <th scope="col" className="py-2">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys} className="border-b">
              <td className="py-2">
                <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                  {s.keys}
                </kbd>
              </td>
              <td className="py-2">{s.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
