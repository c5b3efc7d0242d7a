import { Phone, type LucideIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../features/shell/components/page-header';

/**
 * The workspace pages that later issues build. Each shows its header and an honest empty state;
 * a request for a new item (?new=true, ?compose=true, /new) is acknowledged, not faked.
 */
function UpcomingPage({
  title,
  subtitle,
  icon,
  emptyTitle,
  emptyText,
  newItemLabel,
}: {
  title: string;
  subtitle: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyText: string;
  newItemLabel: string;
}) {
  const [params] = useSearchParams();
  const wantsNew = params.get('new') === 'true' || params.get('compose') === 'true';
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      {wantsNew && (
        <Alert className="mt-4">
          {newItemLabel} is not available yet in this version of Kaleido.
        </Alert>
      )}
      <EmptyState icon={icon} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    </>
  );
}

export function CallsPage() {
  return (
    <UpcomingPage
      title="Calls"
      subtitle="Audio and video calls"
      icon={Phone}
      emptyTitle="No calls yet"
      emptyText="Your recent calls and their transcripts will be listed here."
      newItemLabel="Starting a new call"
    />
  );
}
