import { Dialog } from 'radix-ui';
import { useRestoreFocus } from '../../../components/ui/use-restore-focus';
import { SidebarNav } from './sidebar';

/** Below 768px the sidebar is a slide-in sheet (18rem); loaded when first opened or idle. */
export function SidebarSheet({
  open,
  onOpenChange,
  clientInterface,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client interface's pages too (sidebar.tsx). */
  clientInterface: boolean;
}) {
  const restoreFocus = useRestoreFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={restoreFocus}
          data-testid="sidebar-sheet"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-[18rem] border-r bg-background shadow-lg"
        >
          <Dialog.Title className="px-4 pt-4 text-lg font-semibold">Kaleido</Dialog.Title>
          <SidebarNav
            collapsed={false}
            clientInterface={clientInterface}
            onNavigate={() => onOpenChange(false)}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
