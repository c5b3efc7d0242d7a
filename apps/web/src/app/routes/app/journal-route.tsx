// First: zod must be configured jitless before any shared schema in this chunk is built.
import '../../../lib/zod';
import { Navigate, useLocation } from 'react-router';
import {
  JournalScreen,
  type JournalView,
} from '../../../features/journal/components/journal-screen';
import { PageHeader } from '../../../features/shell/components/page-header';

const ENTRY_PATH = /^\/app\/journal\/(text|voice)\/([^/]+)$/;

function viewOf(pathname: string): JournalView | null {
  if (pathname === '/app/journal/calendar') return { kind: 'calendar' };
  const match = ENTRY_PATH.exec(pathname);
  if (!match) return null;
  const [, tab, id] = match;
  if (id === 'new') return { kind: 'new', tab: tab === 'voice' ? 'voice' : 'text' };
  return { kind: 'entry', id: id ?? '' };
}

/** /app/journal/{text,voice}/{new,:entryId} and /calendar; any other sub-path starts a new entry. */
export function JournalPage() {
  const { pathname, search } = useLocation();
  const view = viewOf(pathname);
  // 'New Journal Entry' (?new=true) opens the new-entry form from any journal path.
  if (view && view.kind !== 'new' && new URLSearchParams(search).get('new') === 'true')
    return <Navigate to={`/app/journal/text/new${search}`} replace />;
  if (!view) return <Navigate to={`/app/journal/text/new${search}`} replace />;
  return (
    <>
      <PageHeader title="Journal" subtitle="Reflect in text or voice" />
      <JournalScreen view={view} />
    </>
  );
}
