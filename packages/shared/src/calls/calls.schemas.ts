import { z } from 'zod';

/**
 * One-to-one calls (SPEC §2 Calls, §3 demo call entity, §4 call status; DESIGN §9; issue #12):
 * peer to peer over WebRTC, signalled over the realtime socket. A call keeps the demo entity's
 * names (`type`, `participants`, `duration`, `timestamp`, `status`, `hasTranscript`) and adds
 * what a real call has (who called whom, when it was answered and ended, who ended it).
 */
export const CALL_TYPES = ['audio', 'video'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** `ringing` and `active` are live; the spec's three (completed, missed, declined) are history. */
export const CALL_STATUSES = ['ringing', 'active', 'completed', 'missed', 'declined'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Why a call ended: what the history and the caller's screen say. */
export const CALL_END_REASONS = [
  'hangup',
  'declined',
  'cancelled',
  'timeout',
  'busy',
  'lost',
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** A call nobody answers within this is missed (SPEC's demo had no rule; issue #12 says 30 s). */
export const CALL_RING_TIMEOUT_MS = 30_000;
/** A live call's browsers say they are still there this often ... */
export const CALL_KEEPALIVE_MS = 20_000;
/** ... and a live call not heard from for this long is over (both browsers went away). */
export const CALL_STALE_MS = 75_000;
export const CALL_HISTORY_PAGE = 50;

export const CALL_MESSAGES = {
  notFound: 'Call not found',
  self: 'You cannot call yourself.',
  calleeNotFound: 'There is no one to call with that account.',
  callerBusy: 'You are already in a call. End it before starting another.',
  busy: (name: string) => `${name} is in another call. Try again later.`,
  alreadyOver: 'This call has already ended.',
  notRinging: 'This call is no longer ringing.',
  notActive: 'This call is not connected.',
  onlyCallee: 'Only the person being called can answer this call.',
  onlyCaller: 'Only the person calling can cancel this call.',
  tooFast: 'You are starting calls too fast. Please wait a few minutes and try again.',
  deletedUser: 'Deleted user',
  missedTitle: 'Missed call',
  missedMessage: (name: string, type: CallType) =>
    `You missed a${type === 'audio' ? 'n audio' : ' video'} call from ${name}.`,
  busyMessage: (name: string, type: CallType) =>
    `${name} tried to reach you by ${type} call while you were in another call.`,
  noTurn:
    'The connection could not be made. Without a TURN server, calls work only when both people are on the same network; ask your administrator to configure ICE_SERVERS (see docs/deploy.md).',
} as const;

/** A person in a call, as the viewer sees them; `id` null: the account was deleted. */
export const CallPartySchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  avatarUrl: z.string(),
});
export type CallParty = z.infer<typeof CallPartySchema>;

export const CallSchema = z.object({
  id: z.string(),
  type: z.enum(CALL_TYPES),
  status: z.enum(CALL_STATUSES),
  /** From the viewer's side. */
  direction: z.enum(['outgoing', 'incoming']),
  caller: CallPartySchema,
  callee: CallPartySchema,
  /** The other person (the spec's `participants`, less the viewer). */
  other: CallPartySchema,
  /** When the call was placed (the spec's `timestamp`). */
  timestamp: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Seconds connected (0 for a call never answered). */
  duration: z.number().int().nonnegative(),
  endReason: z.enum(CALL_END_REASONS).nullable(),
  /** Who ended it: a participant's id, or null (nobody: timeout, busy, lost, or not yet). */
  endedBy: z.string().nullable(),
  hasTranscript: z.boolean(),
});
export type Call = z.infer<typeof CallSchema>;

export const CallListQuerySchema = z.object({
  /** An ISO time: calls placed before it (the next page). */
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(CALL_HISTORY_PAGE).default(CALL_HISTORY_PAGE),
});

export const CallListSchema = z.object({
  calls: z.array(CallSchema),
  /** Every call in the person's history (the 'Recent Calls' count). */
  total: z.number().int().nonnegative(),
  nextBefore: z.string().nullable(),
});
export type CallList = z.infer<typeof CallListSchema>;

/**
 * STUN/TURN servers as RTCPeerConnection takes them (`ICE_SERVERS`, a JSON array). TURN needs
 * a username and credential; checked at start-up so a typo does not surface as failed calls.
 */
const IceUrlSchema = z
  .string()
  .max(500)
  .regex(/^(stun|stuns|turn|turns):[^\s]+$/, 'must be a stun:, stuns:, turn: or turns: URL');
export const IceServerSchema = z
  .object({
    urls: z.union([IceUrlSchema, z.array(IceUrlSchema).min(1).max(10)]),
    username: z.string().max(500).optional(),
    credential: z.string().max(500).optional(),
  })
  .strict()
  .refine(
    (server) =>
      [server.urls].flat().every((url) => url.startsWith('stun')) ||
      (server.username !== undefined && server.credential !== undefined),
    { message: 'a turn: server needs a username and a credential' },
  );
export type IceServer = z.infer<typeof IceServerSchema>;
export const IceServersSchema = z.array(IceServerSchema).max(10);

export const CallConfigSchema = z.object({
  iceServers: IceServersSchema,
  ringTimeoutMs: z.number(),
  keepaliveMs: z.number(),
});
export type CallConfig = z.infer<typeof CallConfigSchema>;

/** An ICE candidate as RTCIceCandidate.toJSON() gives it; null: this side has no more. */
const IceCandidateSchema = z
  .object({
    candidate: z.string().max(2_000),
    sdpMid: z.string().max(100).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(100).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .nullable();
const Sdp = z.string().min(1).max(60_000);
const CallId = z.uuid();

/**
 * What a browser says about a call over the socket (`{ type: 'call', signal }`). Only the two
 * participants may send anything about a call; the server answers anyone else `refused`.
 * - invite: the caller places a call (its id chosen by the caller's tab, so a retry is the same call)
 * - ringing: the callee's tab shows the incoming call
 * - accept / decline: the callee answers
 * - cancel: the caller gives up before an answer
 * - offer / answer / ice: WebRTC negotiation, relayed to the other person (also an ICE restart)
 * - end: either hangs up a connected call
 * - keepalive: a connected tab is still there
 */
export const CallSignalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('invite'),
    callId: CallId,
    calleeId: z.uuid(),
    callType: z.enum(CALL_TYPES),
  }),
  z.object({ kind: z.literal('ringing'), callId: CallId }),
  z.object({ kind: z.literal('accept'), callId: CallId }),
  z.object({ kind: z.literal('decline'), callId: CallId }),
  z.object({ kind: z.literal('cancel'), callId: CallId }),
  z.object({ kind: z.literal('end'), callId: CallId }),
  z.object({ kind: z.literal('keepalive'), callId: CallId }),
  z.object({ kind: z.literal('offer'), callId: CallId, sdp: Sdp, restart: z.boolean().optional() }),
  z.object({ kind: z.literal('answer'), callId: CallId, sdp: Sdp }),
  z.object({ kind: z.literal('ice'), callId: CallId, candidate: IceCandidateSchema }),
]);
export type CallSignal = z.infer<typeof CallSignalSchema>;
export type CallSignalKind = CallSignal['kind'];

const CallEvent = z.object({ call: CallSchema });

/** Server → both participants' `user:<id>` rooms (every tab; the room page of the call acts). */
export const CallEventSchemas = {
  /** To the callee: someone is calling (the incoming-call dialog on any page). */
  'call.invited': CallEvent,
  /** To the caller: the callee's browser is ringing. */
  'call.ringing': CallEvent,
  'call.accepted': CallEvent,
  'call.declined': CallEvent,
  'call.cancelled': CallEvent,
  /** Nobody answered within CALL_RING_TIMEOUT_MS. */
  'call.missed': CallEvent,
  /** The callee was in another call; this call is over (missed, reason busy). */
  'call.busy': CallEvent,
  'call.ended': CallEvent,
  /** WebRTC negotiation from the other participant. */
  'call.offer': z.object({
    callId: z.string(),
    from: z.string(),
    sdp: z.string(),
    restart: z.boolean(),
  }),
  'call.answer': z.object({ callId: z.string(), from: z.string(), sdp: z.string() }),
  'call.ice': z.object({ callId: z.string(), from: z.string(), candidate: IceCandidateSchema }),
} as const;
export type CallEventName = keyof typeof CallEventSchemas;
