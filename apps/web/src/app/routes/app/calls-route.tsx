// First: zod must be configured jitless before any shared schema in this chunk is built.
import '../../../lib/zod';
import type { CallType } from '@kaleido/shared/calls/calls.schemas';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { CallRoom } from '../../../features/calls/components/call-room';
import { CallsScreen } from '../../../features/calls/components/calls-screen';
import { PageHeader } from '../../../features/shell/components/page-header';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /app/calls/{history,new/audio,new/video,room/:callId} (SPEC §2). `?new=true` (the palette,
 * chat's Participants drawer) asks whom to call and which kind; `to` and `name` name the person.
 */
export function CallsPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const rest = pathname.replace(/^\/app\/calls\/?/, '');
  const params = new URLSearchParams(search);
  const room = /^room\/([^/]+)$/.exec(rest)?.[1];
  if (room !== undefined) {
    return (
      <>
        <PageHeader title="Calls" subtitle="Audio and video calls" />
        <CallRoom key={room} callId={room} />
      </>
    );
  }
  const fromPath: CallType[] | null =
    rest === 'new/audio' ? ['audio'] : rest === 'new/video' ? ['video'] : null;
  const newCall =
    fromPath ?? (params.get('new') === 'true' ? (['audio', 'video'] as CallType[]) : null);
  if (!fromPath && rest !== 'history') {
    return <Navigate to={`/app/calls/history${search}`} replace />;
  }
  const toId = params.get('to');
  const to =
    toId && UUID.test(toId) ? { id: toId, name: params.get('name') || 'this person' } : null;
  return (
    <>
      <PageHeader title="Calls" subtitle="Audio and video calls" />
      <CallsScreen
        newCall={newCall}
        to={to}
        onCloseNew={() => void navigate('/app/calls/history', { replace: true })}
      />
    </>
  );
}
