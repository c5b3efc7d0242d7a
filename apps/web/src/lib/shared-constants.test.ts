import { CSRF_HEADER as SHARED_CSRF_HEADER } from '@kaleido/shared/http/api-error';
import { NOTIFICATIONS_KEPT as SHARED_NOTIFICATIONS_KEPT } from '@kaleido/shared/notifications/notifications.schemas';
import * as events from '@kaleido/shared/realtime/events';
import {
  ROLE_LABELS as SHARED_ROLE_LABELS,
  ROLES as SHARED_ROLES,
} from '@kaleido/shared/roles/roles';
import { describe, expect, it } from 'vitest';
import * as local from './shared-constants';

describe('constants copied from @kaleido/shared', () => {
  it('match their source exactly', () => {
    expect(local.ROLES).toEqual(SHARED_ROLES);
    expect(local.ROLE_LABELS).toEqual(SHARED_ROLE_LABELS);
    expect(local.CSRF_HEADER).toBe(SHARED_CSRF_HEADER);
    expect(local.NOTIFICATIONS_KEPT).toBe(SHARED_NOTIFICATIONS_KEPT);
    expect(local.REALTIME_PATH).toBe(events.REALTIME_PATH);
    expect(local.HEARTBEAT_MS).toBe(events.HEARTBEAT_MS);
    expect(local.CLOSE_CODES).toEqual(events.CLOSE_CODES);
  });
});
