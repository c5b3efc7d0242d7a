import {
  INSIGHT_KIND_TITLES,
  INSIGHTS_MESSAGES,
} from '@kaleido/shared/insights/insights.constants';
import { Link, useParams } from 'react-router';
import {
  InsightDetailScreen,
  isInsightKind,
} from '../../../features/insights/components/insight-detail-screen';
import { PageHeader } from '../../../features/shell/components/page-header';

/** /app/dashboard/insights/:kind (issue #13 item 4): one insight kind in depth. */
export function DashboardInsightRoute() {
  const { kind } = useParams();
  if (!isInsightKind(kind))
    return (
      <>
        <PageHeader title="Insights" />
        <p className="mt-6 text-sm">
          {INSIGHTS_MESSAGES.unknownKind}.{' '}
          <Link to="/app/dashboard" className="text-primary underline-offset-4 hover:underline">
            Back to the dashboard
          </Link>
        </p>
      </>
    );
  return (
    <>
      <PageHeader title={INSIGHT_KIND_TITLES[kind]} subtitle="Insight" />
      <InsightDetailScreen key={kind} kind={kind} />
    </>
  );
}
