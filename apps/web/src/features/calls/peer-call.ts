import {
  CALL_MESSAGES,
  CALL_REJOIN_WAIT_MS,
  type Call,
  type CallConfig,
  type CallSignal,
  type CallType,
} from '@kaleido/shared/calls/calls.schemas';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import { errorMessage } from '../../lib/api-client';
import { realtime } from '../../lib/realtime';
import { CallConnection } from './call-connection';
import { CallMedia } from './call-media';
import {
  INITIAL_PEER_CALL_STATE,
  type CallPhase,
  type CallStateHost,
  type PeerCallState,
} from './peer-call-state';
import { TranscriptRecorder } from './transcript-recorder';

export type { CallPhase, PeerCallState } from './peer-call-state';

type EventMessage = Extract<ServerMessage, { type: 'event' }>;

/** The room open for each call in this tab (one PeerCall per call). */
const rooms = new Map<string, PeerCall>();

/**
 * The room this document was reloaded on, if it was: its call, found already connected, is
 * rejoined (both sides negotiate afresh) rather than joined for the first time.
 */
let reloadedPath: string | null =
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
    ?.type === 'reload'
    ? window.location.pathname
    : null;

/**
 * One call as this tab takes part in it: the signalling over the tab's one socket and the call's
 * state, here; the local media in CallMedia; the RTCPeerConnection and its negotiation in
 * CallConnection. Both sides keep the call alive on the server while connected.
 */
export class PeerCall {
  private state: PeerCallState = { ...INITIAL_PEER_CALL_STATE };
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private readonly host: CallStateHost = {
    getState: () => this.state,
    set: (patch) => this.set(patch),
    isClosed: () => this.closed,
  };
  private readonly media = new CallMedia(this.host);
  private readonly connection: CallConnection;
  private readonly transcript: TranscriptRecorder;
  private keepalive: ReturnType<typeof setInterval> | null = null;
  /** The other person's page went away: they have CALL_REJOIN_WAIT_MS to come back. */
  private awayTimer: ReturnType<typeof setTimeout> | null = null;
  /** The first state of the call this room has seen (null: none yet). */
  private seenStatus: Call['status'] | null = null;
  private closed = false;
  /** This tab accepted (from the incoming-call dialog) before the room opened. */
  private accepting = false;

  constructor(
    readonly callId: string,
    private readonly config: CallConfig,
  ) {
    this.connection = new CallConnection(callId, config, this.host, this.media, (signal) =>
      this.signal(signal),
    );
    this.transcript = new TranscriptRecorder(callId, (error) =>
      this.set({ notice: errorMessage(error) }),
    );
    rooms.set(callId, this);
    // Closing or reloading the tab: a ringing call is cancelled; a connected one is left for a
    // moment (a reload comes back and rejoins), and the other side ends it if nobody returns.
    const leave = () => this.leavePage();
    window.addEventListener('pagehide', leave);
    this.cleanups.push(() => window.removeEventListener('pagehide', leave));
    this.cleanups.push(realtime.onEvent((message) => void this.onEvent(message)));
    this.cleanups.push(
      realtime.onRefused((message) => {
        if (message.ref !== this.callId) return;
        // A late signal about a call that is over changes nothing the person needs to know.
        if (message.code === 'CALL_STATE' && this.state.phase === 'ended') return;
        this.set({ error: message.message });
        if (message.code !== 'CALL_STATE' || !this.live()) this.teardown('ended');
      }),
    );
  }

  getState = (): PeerCallState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The caller's tab places the call (its id chosen here, so a retry is the same call). */
  invite(calleeId: string, callType: CallType) {
    this.set({ phase: 'placing' });
    this.signal({ kind: 'invite', callId: this.callId, calleeId, callType });
    void this.media.acquire(callType);
  }

  /** The call as the server has it (first load, or an event). */
  apply(call: Call) {
    const first = this.seenStatus === null && !this.closed;
    this.seenStatus ??= call.status;
    // Only the first room the reloaded document opens, on its first news of the call, rejoins.
    const rejoining = first && reloadedPath === window.location.pathname;
    if (first) reloadedPath = null;
    if (this.closed && this.state.phase === 'ended') {
      this.set({ call });
      return;
    }
    this.set({ call });
    if (call.status === 'ringing') {
      const incoming = this.accepting ? 'connecting' : 'incoming';
      this.set({ phase: call.direction === 'outgoing' ? 'ringing' : incoming });
      if (call.direction === 'outgoing') void this.media.acquire(call.type);
    } else if (call.status === 'active') {
      if (this.state.phase !== 'connected' && this.state.phase !== 'reconnecting')
        this.set({ phase: 'connecting' });
      this.startKeepalive();
      // This page was reloaded during the call: tell the other side before negotiating.
      if (rejoining) {
        this.set({ phase: 'reconnecting' });
        this.signal({ kind: 'rejoin', callId: this.callId });
      }
      void this.connection.connect(call);
    } else {
      this.teardown('ended');
    }
  }

  /** Accepted already (in the dialog): wait for the server to say so, without asking again. */
  markAccepted() {
    this.accepting = true;
  }

  accept() {
    this.accepting = true;
    this.set({ phase: 'connecting' });
    this.signal({ kind: 'accept', callId: this.callId });
  }

  decline() {
    this.signal({ kind: 'decline', callId: this.callId });
    this.teardown('ended');
  }

  hangUp() {
    const ringingOut = this.state.phase === 'placing' || this.state.phase === 'ringing';
    this.signal({ kind: ringingOut ? 'cancel' : 'end', callId: this.callId });
    this.teardown('ended');
  }

  toggleMute() {
    this.media.toggleMute();
  }

  toggleCamera() {
    this.media.toggleCamera();
  }

  /** Asks the other person to agree to a transcript (or agrees, if they asked first). */
  requestTranscript() {
    this.set({ notice: null });
    this.signal({ kind: 'transcript-request', callId: this.callId });
  }

  acceptTranscript() {
    this.signal({ kind: 'transcript-accept', callId: this.callId });
  }

  declineTranscript() {
    this.signal({ kind: 'transcript-decline', callId: this.callId });
  }

  /** Stops the transcript (or withdraws the request); either person may. */
  stopTranscript() {
    this.signal({ kind: 'transcript-stop', callId: this.callId });
  }

  async useMicrophone(deviceId: string) {
    await this.media.useMicrophone(deviceId);
    // A transcript under way goes on with the new microphone.
    if (this.transcript.active) {
      this.transcript.stop();
      this.syncTranscript();
    }
  }

  useCamera(deviceId: string) {
    return this.media.useCamera(deviceId);
  }

  /**
   * Leaves the page: media and connection stop, and a live call is ended (or cancelled) — unless
   * the same room opens again at once (React's development double mount), which keeps it.
   */
  dispose() {
    if (rooms.get(this.callId) === this) rooms.delete(this.callId);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    const signal = this.leavingSignal();
    this.teardown(this.state.phase === 'ended' ? 'ended' : this.state.phase);
    if (signal)
      setTimeout(() => {
        if (!rooms.has(this.callId)) realtime.sendCall(signal);
      }, 0);
  }

  private leavePage() {
    const signal = this.leavingSignal();
    if (!signal) return;
    realtime.sendCall(signal.kind === 'end' ? { kind: 'away', callId: this.callId } : signal);
  }

  /** The other person's page went away: wait for them, and end the call if they do not return. */
  private otherAway() {
    if (!this.live()) return;
    const name = this.state.call?.other.name ?? '';
    this.set({ phase: 'reconnecting', notice: CALL_MESSAGES.away(name) });
    clearTimeout(this.awayTimer ?? undefined);
    this.awayTimer = setTimeout(() => {
      if (this.state.phase !== 'connected') this.hangUp();
    }, CALL_REJOIN_WAIT_MS);
  }

  private otherRejoined() {
    clearTimeout(this.awayTimer ?? undefined);
    this.awayTimer = null;
    const call = this.state.call;
    if (!call || !this.live()) return;
    if (this.state.notice === CALL_MESSAGES.away(call.other.name)) this.set({ notice: null });
    this.connection.renew(call);
  }

  /** What leaving now says: cancel a call still ringing out, end one under way, else nothing. */
  private leavingSignal(): CallSignal | null {
    const { phase } = this.state;
    if (phase === 'ended' || phase === 'incoming') return null;
    const kind = phase === 'placing' || phase === 'ringing' ? 'cancel' : 'end';
    return { kind, callId: this.callId };
  }

  // --- internals ---

  private set(patch: Partial<PeerCallState>) {
    this.state = { ...this.state, ...patch };
    this.syncTranscript();
    for (const listener of this.listeners) listener();
  }

  /** Records this side's microphone exactly while both agreed and the call is on. */
  private syncTranscript() {
    const { call, phase } = this.state;
    const on =
      !this.closed &&
      call?.status === 'active' &&
      call.transcriptState === 'recording' &&
      // Exactly while the room shows the recording indicator.
      (phase === 'connected' || phase === 'reconnecting');
    const track = this.media.microphone;
    if (on && track && !this.transcript.active) this.transcript.start(track);
    else if (!on && this.transcript.active) this.transcript.stop();
  }

  /** What the other person did about the transcript, said in the room. */
  private transcriptChanged(data: { call: Call; change: string; by: string }) {
    if (data.by !== data.call.other.id) return this.set({ notice: null });
    const name = data.call.other.name;
    const notice =
      data.change === 'declined'
        ? CALL_MESSAGES.transcriptDeclined(name)
        : data.change === 'stopped'
          ? CALL_MESSAGES.transcriptStopped(name)
          : null;
    this.set({ notice: notice });
  }

  private live() {
    return !['ended', 'failed'].includes(this.state.phase);
  }

  private signal(signal: CallSignal) {
    if (realtime.sendCall(signal)) return;
    // The socket is (re)connecting: send as soon as it is open.
    const stop = realtime.onStatus(() => {
      if (realtime.getStatus() !== 'open') return;
      stop();
      realtime.sendCall(signal);
    });
    this.cleanups.push(stop);
  }

  private async onEvent(message: EventMessage) {
    if (!message.name.startsWith('call.')) return;
    const data = message.data as { call?: Call; callId?: string };
    if ((data.call?.id ?? data.callId) !== this.callId) return;
    if (message.name === 'call.transcript') this.transcriptChanged(message.data);
    if (message.name === 'call.transcript-line') return;
    if (message.name === 'call.away') return this.otherAway();
    if (message.name === 'call.rejoin') return this.otherRejoined();
    if (data.call) return this.apply(data.call);
    if (message.name === 'call.offer') {
      await this.connection.onOffer((message.data as { sdp: string }).sdp);
    } else if (message.name === 'call.answer') {
      await this.connection.onAnswer((message.data as { sdp: string }).sdp);
    } else if (message.name === 'call.ice') {
      const { candidate } = message.data as { candidate: RTCIceCandidateInit | null };
      await this.connection.onIce(candidate);
    }
  }

  private startKeepalive() {
    if (this.keepalive) return;
    this.keepalive = setInterval(
      () => this.signal({ kind: 'keepalive', callId: this.callId }),
      this.config.keepaliveMs,
    );
  }

  private teardown(phase: CallPhase) {
    this.closed = true;
    this.transcript.stop();
    clearTimeout(this.awayTimer ?? undefined);
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = null;
    this.connection.close();
    this.media.stop();
    this.set({ phase, localStream: null });
  }
}
