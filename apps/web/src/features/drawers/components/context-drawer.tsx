import { Filter, Settings, Upload, Users, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { useRestoreFocus } from '../../../components/ui/use-restore-focus';
import { uiActions, useUiState, type DrawerContent } from '../../../lib/ui-store';
import { useOfferedPanels, type PagePanels } from './drawer-panels';

// Pages import it from here, as before the drawer itself was loaded after the first paint.
export { useDrawerPanels } from './drawer-panels';

const TITLES: Record<DrawerContent, string> = {
  upload: 'File Upload',
  participants: 'Participants',
  filters: 'Filters & Search',
  settings: 'Settings',
  none: 'Quick Actions',
};

const ACTIONS: { content: DrawerContent; label: string; icon: typeof Upload }[] = [
  { content: 'upload', label: 'File Upload', icon: Upload },
  { content: 'participants', label: 'Participants', icon: Users },
  { content: 'filters', label: 'Filters & Search', icon: Filter },
  { content: 'settings', label: 'Settings', icon: Settings },
];

/** Only what the page really offers: a drawer of placeholder text is a control that does nothing. */
function QuickActionsPanel({ offered }: { offered: PagePanels }) {
  const actions = ACTIONS.filter(({ content }) => offered[content] !== undefined);
  if (actions.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        This page has no uploads, filters or options of its own. Use the sidebar or press{' '}
        <kbd>Ctrl+K</kbd> to search.
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">Select an action to view contextual options</p>
      {actions.map(({ content, label, icon: Icon }) => (
        <Button
          key={content}
          variant="outline"
          className="justify-start"
          onClick={() => uiActions.setDrawerContent(content)}
        >
          <Icon aria-hidden="true" /> {label}
        </Button>
      ))}
    </div>
  );
}

/** The right-hand context drawer (SPEC §2) with the content the store names; loaded lazily. */
export function ContextDrawer() {
  const open = useUiState((s) => s.isDrawerOpen);
  const restoreFocus = useRestoreFocus(open);
  const requested = useUiState((s) => s.drawerContent);
  const offered = useOfferedPanels();
  const own = offered[requested];
  // Asked for something this page does not offer (e.g. from another page): the Quick Actions.
  const content = own === undefined ? 'none' : requested;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => (next ? uiActions.toggleDrawer() : uiActions.closeDrawer())}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content
          onCloseAutoFocus={restoreFocus}
          aria-describedby={undefined}
          data-testid="context-drawer"
          className="fixed inset-y-0 right-0 z-50 flex w-[min(24rem,100vw)] flex-col gap-4 border-l bg-background p-6 shadow-lg"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{TITLES[content]}</Dialog.Title>
            <Dialog.Close
              aria-label="Close panel"
              className="rounded-sm opacity-70 hover:opacity-100"
            >
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {content === 'none' ? <QuickActionsPanel offered={offered} /> : own}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
