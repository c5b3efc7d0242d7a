import '../../../lib/zod';
import { PersonalModelScreen } from '../../../features/insights/components/personal-model-screen';
import { PersonalityScreen } from '../../../features/insights/components/personality-screen';
import { PageHeader } from '../../../features/shell/components/page-header';

/** /app/dashboard/insights/personal-model (issue #13 item 2). */
export function PersonalModelRoute() {
  return (
    <>
      <PageHeader title="Your personal model" subtitle="Insight" />
      <PersonalModelScreen />
    </>
  );
}

/** /app/dashboard/insights/personality (issue #13 item 3): IPIP-50 and style indicators. */
export function PersonalityRoute() {
  return (
    <>
      <PageHeader title="Personality" subtitle="Insight" />
      <PersonalityScreen />
    </>
  );
}
