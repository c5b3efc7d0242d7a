import { Filter, PanelRight, Settings, Upload, Users, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useRestoreFocus } from '../../../components/ui/use-restore-focus';
import { uiActions, useUiState, type DrawerContent } from '../../../lib/ui-store';

const TITLES: Record<DrawerContent, string> = {
  upload: 'File Upload',
  participants: 'Participants',
  filters: 'Filters & Search',
  settings: 'Settings',
  none: 'Quick Actions',
};

function UploadPanel() {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-6 text-center">
        <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">Drag files here or click to browse</p>
        <Button
          variant="outline"
          size="sm"
          disabled
          title="Uploading arrives with chat and voice notes"
        >
          Select Files
        </Button>
      </div>
      <section>
        <h3 className="mb-2 text-sm font-semibold">Recent Uploads</h3>
        <p className="text-sm text-muted-foreground">No recent uploads</p>
      </section>
    </div>
  );
}

function FiltersPanel() {
  return (
    <dl className="flex flex-col gap-3 text-sm">
      <div>
        <dt className="font-medium">Date Range</dt>
        <dd className="text-muted-foreground">Last 7 days</dd>
      </div>
      <div>
        <dt className="font-medium">Type</dt>
        <dd className="text-muted-foreground">All types</dd>
      </div>
    </dl>
  );
}

function QuickActionsPanel() {
  const actions: { content: DrawerContent; label: string; icon: typeof Upload }[] = [
    { content: 'upload', label: 'File Upload', icon: Upload },
    { content: 'participants', label: 'Participants', icon: Users },
    { content: 'filters', label: 'Filters & Search', icon: Filter },
    { content: 'settings', label: 'Settings', icon: Settings },
  ];
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

type PagePanels = Partial<Record<DrawerContent, ReactNode>>;
let pagePanels: PagePanels = {};
const panelListeners = new Set<() => void>();

function setPagePanels(panels: PagePanels): void {
  pagePanels = panels;
  for (const listener of panelListeners) listener();
}

/**
 * A page's own drawer contents (e.g. voice notes' filters), shown instead of the placeholders
 * while the page is mounted. Pass a memoised object: each new object replaces the panels.
 */
export function useDrawerPanels(panels: PagePanels): void {
  useEffect(() => {
    setPagePanels(panels);
    return () => {
      if (pagePanels === panels) setPagePanels({});
    };
  }, [panels]);
}

function subscribePanels(listener: () => void): () => void {
  panelListeners.add(listener);
  return () => panelListeners.delete(listener);
}

/** The right-hand context drawer (SPEC §2) with the content the store names. */
export function ContextDrawer() {
  const open = useUiState((s) => s.isDrawerOpen);
  const restoreFocus = useRestoreFocus(open);
  const content = useUiState((s) => s.drawerContent);
  const modality = useUiState((s) => s.activeModality);
  const own = useSyncExternalStore(subscribePanels, () => pagePanels)[content];
  const fallback = own === undefined ? content : null;
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
          {own}
          {fallback === 'upload' && <UploadPanel />}
          {fallback === 'participants' && (
            <p className="text-sm text-muted-foreground">No active participants</p>
          )}
          {fallback === 'filters' && <FiltersPanel />}
          {fallback === 'settings' && (
            <p className="text-sm text-muted-foreground">
              Options for {modality === 'voice' ? 'voice notes' : modality} will appear here.
            </p>
          )}
          {fallback === 'none' && <QuickActionsPanel />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The top-bar button that opens the drawer on its default Quick Actions. */
export function DrawerToggle() {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Open context panel"
      onClick={() => uiActions.toggleDrawer()}
    >
      <PanelRight aria-hidden="true" />
    </Button>
  );
}
