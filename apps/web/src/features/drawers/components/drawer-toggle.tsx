import { PanelRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { uiActions } from '../../../lib/ui-store';

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
