import { Command } from 'cmdk';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRestoreFocus } from '../../../components/ui/use-restore-focus';
import { effectiveInterface } from '../../../lib/interfaces';
import { useSession } from '../../../lib/session';
import { uiActions, useUiState } from '../../../lib/ui-store';
import {
  CLIENT_PALETTE_GROUP,
  PALETTE_EMPTY,
  PALETTE_GROUPS,
  PALETTE_PLACEHOLDER,
  type PaletteEntry,
  type SearchScope,
} from '../palette-entries';
import { PaletteSearchResults, type SearchTarget } from './palette-search-results';

const SCOPE_PLACEHOLDERS: Record<SearchScope, string> = {
  everything: 'Search people and conversations...',
  contacts: 'Search people by name or email...',
  files: 'Search files by name...',
};

/**
 * The command palette (SPEC §2): Cmd/Ctrl+K (`usePaletteShortcut`) or the top-bar trigger; max
 * 640px wide. Loaded after the shell's first paint (decision 034).
 */
export function CommandPalette() {
  const open = useUiState((s) => s.isCommandPaletteOpen);
  const restoreFocus = useRestoreFocus(open);
  // After a selection the page changes: focus goes to the new page, not back to the trigger
  // (which would also catch the Enter that made the selection and reopen the palette).
  const selected = useRef(false);
  const navigate = useNavigate();
  const [scope, setScope] = useState<SearchScope | null>(null);
  const [query, setQuery] = useState('');
  const { session } = useSession();
  const groups =
    effectiveInterface(session) === 'client'
      ? [...PALETTE_GROUPS, CLIENT_PALETTE_GROUP]
      : PALETTE_GROUPS;

  function setOpen(next: boolean) {
    uiActions.toggleCommandPalette(next);
    if (!next) {
      setScope(null);
      setQuery('');
    }
  }

  function select(entry: PaletteEntry) {
    uiActions.setActiveModality(entry.modality);
    uiActions.recordActivity(entry.modality, entry.label);
    if (entry.scope) {
      setScope(entry.scope);
      setQuery('');
      return;
    }
    selected.current = true;
    setOpen(false);
    if (entry.to) void navigate(entry.to);
  }

  function selectFound(target: SearchTarget) {
    uiActions.setActiveModality('chat');
    uiActions.recordActivity('chat', target.title);
    selected.current = true;
    setOpen(false);
    void navigate(target.to);
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!selected.current) return restoreFocus(event);
            selected.current = false;
            event.preventDefault();
            document.getElementById('main')?.focus();
          }}
          aria-describedby={undefined}
          data-testid="command-palette"
          className="fixed top-[15vh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-[640px] -translate-x-1/2 overflow-hidden rounded-lg border bg-background shadow-lg"
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Command label="Command palette" shouldFilter={scope === null}>
            <Command.Input
              autoFocus
              value={query}
              onValueChange={setQuery}
              placeholder={scope ? SCOPE_PLACEHOLDERS[scope] : PALETTE_PLACEHOLDER}
              className="h-12 w-full border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
            />
            <Command.List className="max-h-[300px] overflow-y-auto p-2">
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">
                {PALETTE_EMPTY}
              </Command.Empty>
              {scope !== null && (
                <PaletteSearchResults scope={scope} query={query} onSelect={selectFound} />
              )}
              {scope === null &&
                groups.map((group) => (
                  <Command.Group
                    key={group.heading}
                    heading={group.heading}
                    className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
                  >
                    {group.entries.map((entry) => {
                      const Icon = entry.icon;
                      return (
                        <Command.Item
                          key={entry.label}
                          value={entry.label}
                          keywords={entry.keywords ? [...entry.keywords] : undefined}
                          onSelect={() => select(entry)}
                          className="flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm data-[selected=true]:bg-accent"
                        >
                          <Icon className="size-4" aria-hidden="true" />
                          {entry.label}
                        </Command.Item>
                      );
                    })}
                  </Command.Group>
                ))}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
