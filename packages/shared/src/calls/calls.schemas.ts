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
/**
 * A person whose page went away mid-call (a reload, or a closed tab) has this long to come
 * back before the other side ends the call.
 */
export const CALL_REJOIN_WAIT_MS = 20_000;

/**
 * A transcript of a call needs both people (issue #12 item 4): either asks (`requested`), it
 * records only once the other accepts (`recording`), and either can stop it (`off`).
 */
export const TRANSCRIPT_STATES = ['off', 'requested', 'recording'] as const;
export type TranscriptState = (typeof TRANSCRIPT_STATES)[number];
/** Each browser records its own microphone in pieces this long and uploads each. */
export const CALL_TRANSCRIPT_SEGMENT_MS = 10_000;
/** The last piece, recorded before a stop or the end, may arrive this long after it. */
export const CALL_TRANSCRIPT_GRACE_MS = 30_000;
/** One piece's longest duration (the recorder's segment, with slack). */
export const CALL_TRANSCRIPT_SEGMENT_MAX_MS = 60_000;
export const CALL_TRANSCRIPT_LINE_MAX = 10_000;

export const CALL_MESSAGES = {
  notFound: 'Call not found',
  self: 'You cannot call yourself.',
  calleeNotFound: 'There is no one to call with that account.',
  callerBusy: 'You are already in a call. End it before starting another.',
  busy: (name: string) => `${name} is in another call. Try again later.`,
  alreadyOver: 'This call has already ended.',
  notRinging: 'This call is no longer ringing.',
  notActive: 'This call is not connected.',
  away: (name: string) => `${name} left the call. Waiting for them to come back…`,
  onlyCallee: 'Only the person being called can answer this call.',
  onlyCaller: 'Only the person calling can cancel this call.',
  tooFast: 'You are starting calls too fast. Please wait a few minutes and try again.',
  transcriptAsked: (name: string) => `${name} asks to record a transcript of this call.`,
  transcriptWaiting: (name: string) => `Waiting for ${name} to agree to a transcript…`,
  transcriptDeclined: (name: string) => `${name} declined to record a transcript.`,
  transcriptRecording: 'Recording a transcript',
  transcriptStopped: (name: string) => `${name} stopped the transcript.`,
  transcriptAlreadyOn: 'A transcript is already being recorded.',
  transcriptAlreadyAsked: 'A transcript has already been asked for.',
  transcriptNothingAsked: 'Nobody has asked to record a transcript.',
  transcriptOwnRequest: 'The other person has to answer this request.',
  transcriptNotRecording:
    'This call is not being transcribed: recording needs both people to agree, and one of them stopped it or never agreed.',
  transcriptNotFound: 'Transcript line not found',
  transcriptNotYours: 'You can only edit what you said.',
  transcriptNoFile: 'Attach the recorded audio as a file.',
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
  /** Where the transcript consent is now (always `off` once the call is over). */
  transcriptState: z.enum(TRANSCRIPT_STATES),
  /** Who asked for the transcript (while `requested` or `recording`), else null. */
  transcriptRequestedBy: z.string().nullable(),
});
export type Call = z.infer<typeof CallSchema>;

/** One piece of what one person said in a call: their own microphone, transcribed. */
export const CallTranscriptLineSchema = z.object({
  id: z.string(),
  speaker: CallPartySchema,
  /** The viewer said it (and may edit it). */
  mine: z.boolean(),
  /** When the piece began (the server's clock: when it arrived, less its duration). */
  spokenAt: z.string(),
  durationMs: z.number().int().nonnegative(),
  /** The draft text (null until transcribed). */
  text: z.string().nullable(),
  status: z.enum(['pending', 'done', 'failed']),
  edited: z.boolean(),
});
export type CallTranscriptLine = z.infer<typeof CallTranscriptLineSchema>;

export const CallTranscriptSchema = z.object({
  call: CallSchema,
  /** Both people's lines, in the order they were spoken. */
  lines: z.array(CallTranscriptLineSchema),
});
export type CallTranscript = z.infer<typeof CallTranscriptSchema>;

export const UpdateTranscriptLineBodySchema = z.object({
  text: z.string().max(CALL_TRANSCRIPT_LINE_MAX),
});

/** The text fields of a recorded piece's upload (multipart, before the file). */
export const TranscriptSegmentFieldsSchema = z.object({
  durationMs: z.coerce.number().int().min(1).max(CALL_TRANSCRIPT_SEGMENT_MAX_MS),
});

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
const IceServerObjectSchema = z
  .object({
    urls: z.union([IceUrlSchema, z.array(IceUrlSchema).min(1).max(10)]),
    username: z.string().max(500).optional(),
    credential: z.string().max(500).optional(),
  })
  .strict();
export const IceServerSchema = IceServerObjectSchema.refine(
  (server) =>
    [server.urls].flat().every((url) => url.startsWith('stun')) ||
    (server.username !== undefined && server.credential !== undefined),
  { error: 'a turn: server needs a username and a credential' },
);
export type IceServer = z.infer<typeof IceServerSchema>;
export const IceServersSchema = z.array(IceServerSchema).max(10);
/**
 * With TURN_SECRET the server makes each person short-lived TURN credentials (coturn's
 * `use-auth-secret`), so a turn: server needs only its urls.
 */
export const IceServersMintedSchema = z.array(IceServerObjectSchema).max(10);
export const isTurnServer = (server: IceServer) =>
  [server.urls].flat().some((url) => url.startsWith('turn'));

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
 * - away: this tab's page is going (a reload or a closed tab); the other side waits for it
 * - rejoin: a reloaded room of a connected call is back; both sides negotiate afresh
 * - transcript-request / -accept / -decline / -stop: the transcript's consent (both must agree)
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
  z.object({ kind: z.literal('away'), callId: CallId }),
  z.object({ kind: z.literal('rejoin'), callId: CallId }),
  z.object({ kind: z.literal('transcript-request'), callId: CallId }),
  z.object({ kind: z.literal('transcript-accept'), callId: CallId }),
  z.object({ kind: z.literal('transcript-decline'), callId: CallId }),
  z.object({ kind: z.literal('transcript-stop'), callId: CallId }),
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
  /** To the other person: this one's page went away mid-call (see CALL_REJOIN_WAIT_MS). */
  'call.away': z.object({ callId: z.string(), from: z.string() }),
  /** To the other person: this one reloaded the room; drop the old connection, make a new one. */
  'call.rejoin': z.object({ callId: z.string(), from: z.string() }),
  /** To both: the transcript's consent changed (`by` did `change`); the call as it is now. */
  'call.transcript': z.object({
    call: CallSchema,
    change: z.enum(['requested', 'accepted', 'declined', 'stopped']),
    by: z.string(),
  }),
  /** To both: a line of the transcript was added, transcribed or edited. */
  'call.transcript-line': z.object({ callId: z.string(), line: CallTranscriptLineSchema }),
} as const;
export type CallEventName = keyof typeof CallEventSchemas;
