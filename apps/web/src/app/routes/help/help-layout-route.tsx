import { Outlet } from 'react-router';
import { TabLinks } from '../../../components/ui/tab-links';
import { PageHeader } from '../../../features/shell/components/page-header';

const HELP_PAGES = [
  { to: '/app/help/faq', label: 'FAQ' },
  { to: '/app/help/keyboard-shortcuts', label: 'Keyboard Shortcuts' },
  { to: '/app/help/contact-support', label: 'Contact Support' },
];

/** /app/help: FAQ, keyboard shortcuts and contact support (SPEC §2 Help). */
export function HelpLayoutRoute() {
  return (
    <>
      <PageHeader title="Help" subtitle="Answers, shortcuts and how to reach us" />
      <TabLinks label="Help" tabs={HELP_PAGES} className="mt-4" />
      <div className="mt-6 max-w-3xl">
        <Outlet />
      </div>
    </>
  );
}
