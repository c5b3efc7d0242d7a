// First: zod must be configured jitless before any shared schema in this chunk is built.
import '../../../lib/zod';
import { MAIL_FOLDERS, type MailFolder } from '@kaleido/shared/email/email.schemas';
import { Navigate, useLocation } from 'react-router';
import { EmailScreen, type EmailView } from '../../../features/email/components/email-screen';
import { PageHeader } from '../../../features/shell/components/page-header';

function viewOf(pathname: string): EmailView | null {
  const segment = pathname.replace(/^\/app\/email\/?/, '').split('/')[0] ?? '';
  if (segment === 'compose') return { kind: 'compose' };
  if ((MAIL_FOLDERS as readonly string[]).includes(segment))
    return { kind: 'folder', folder: segment as MailFolder };
  return null;
}

/** /app/email/{inbox,sent,drafts,archive,trash,compose}; ?compose=true (the palette) composes. */
export function EmailPage() {
  const { pathname, search } = useLocation();
  const view = viewOf(pathname);
  const params = new URLSearchParams(search);
  if (params.get('compose') === 'true') {
    params.delete('compose');
    const rest = params.toString();
    return <Navigate to={`/app/email/compose${rest ? `?${rest}` : ''}`} replace />;
  }
  if (!view) return <Navigate to="/app/email/inbox" replace />;
  return (
    <>
      <PageHeader title="Email" subtitle="Your inbox, sent mail and drafts" />
      <EmailScreen view={view} />
    </>
  );
}
