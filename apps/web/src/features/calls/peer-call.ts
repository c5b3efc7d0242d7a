import {
  CALL_MESSAGES,
  type Call,
  type CallConfig,
  type CallSignal,
  type CallType,
} from '@kaleido/shared/calls/calls.schemas';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import { realtime } from '../../lib/realtime';
import { openLocalMedia, pickTrack } from './local-media';

export type CallPhase =
  | 'placing'
  | 'ringing'
  | 'incoming'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'failed'
  | 'ended';

export interface PeerCallState {
  call: Call | null;
  phase: CallPhase;
  /** Something refused or broken that ends this screen's call (shown as an error). */
  error: string | null;
  /** Microphone or camera refused: the call goes on without it. */
  mediaNotices: string[];
  muted: boolean;
  cameraOff: boolean;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  microphones: MediaDeviceInfo[];
  cameras: MediaDeviceInfo[];
  microphoneId: string | null;
  cameraId: string | null;
}

/** Without this long connected again, a dropped connection counts as failed. */
const RECONNECT_GIVE_UP_MS = 20_000;
/** A brief 'disconnected' often heals by itself; after this, the offerer restarts ICE. */
const RESTART_AFTER_MS = 2_000;

type EventMessage = Extract<ServerMessage, { type: 'event' }>;

/** The room open for each call in this tab (one PeerCall per call). */
const rooms = new Map<string, PeerCall>();

/**
 * One call as this tab takes part in it: the signalling (over the tab's one socket), the
 * RTCPeerConnection, and the local media. The callee makes the WebRTC offer (its room opens
 * after the caller's, which is already listening) and restarts ICE when the connection drops;
 * the caller answers. Both keep the call alive on the server while connected.
 */
export class PeerCall {
  private state: PeerCallState = {
    call: null,
    phase: 'connecting',
    error: null,
    mediaNotices: [],
    muted: false,
    cameraOff: false,
    localStream: null,
    remoteStream: null,
    microphones: [],
    cameras: [],
    microphoneId: null,
    cameraId: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private pc: RTCPeerConnection | null = null;
  private audioSender: RTCRtpSender | null = null;
  private videoSender: RTCRtpSender | null = null;
  private audioTrack: MediaStreamTrack | null = null;
  private videoTrack: MediaStreamTrack | null = null;
  private media: Promise<void> | null = null;
  private connecting: Promise<void> | null = null;
  private pendingIce: RTCIceCandidateInit[] = [];
  private keepalive: ReturnType<typeof setInterval> | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private giveUpTimer: ReturnType<typeof setTimeout> | null = null;
  private offered = false;
  private closed = false;
  /** This tab accepted (from the incoming-call dialog) before the room opened. */
  private accepting = false;

  constructor(
    readonly callId: string,
    private readonly config: CallConfig,
  ) {
    rooms.set(callId, this);
    // Closing or reloading the tab leaves the call: say so, so the other side is not left waiting.
    const leave = () => this.hangUpIfLive();
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
    void this.acquireMedia(callType);
  }

  /** The call as the server has it (first load, or an event). */
  apply(call: Call) {
    if (this.closed && this.state.phase === 'ended') {
      this.set({ call });
      return;
    }
    this.set({ call });
    if (call.status === 'ringing') {
      const incoming = this.accepting ? 'connecting' : 'incoming';
      this.set({ phase: call.direction === 'outgoing' ? 'ringing' : incoming });
      if (call.direction === 'outgoing') void this.acquireMedia(call.type);
    } else if (call.status === 'active') {
      if (this.state.phase !== 'connected' && this.state.phase !== 'reconnecting')
        this.set({ phase: 'connecting' });
      this.startKeepalive();
      void this.connect(call);
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
    const muted = !this.state.muted;
    if (this.audioTrack) this.audioTrack.enabled = !muted;
    // Muted sends nothing at all (not even silence): the sender has no track.
    void this.audioSender?.replaceTrack(muted ? null : this.audioTrack);
    this.set({ muted });
  }

  toggleCamera() {
    const cameraOff = !this.state.cameraOff;
    if (this.videoTrack) this.videoTrack.enabled = !cameraOff;
    void this.videoSender?.replaceTrack(cameraOff ? null : this.videoTrack);
    this.set({ cameraOff });
  }

  async useMicrophone(deviceId: string) {
    const track = await pickTrack('audio', deviceId);
    if (!track) return;
    this.audioTrack?.stop();
    this.audioTrack = track;
    track.enabled = !this.state.muted;
    if (!this.state.muted) await this.audioSender?.replaceTrack(track);
    this.set({ microphoneId: deviceId, localStream: this.composeLocal() });
  }

  async useCamera(deviceId: string) {
    const track = await pickTrack('video', deviceId);
    if (!track) return;
    this.videoTrack?.stop();
    this.videoTrack = track;
    track.enabled = !this.state.cameraOff;
    if (!this.state.cameraOff) await this.videoSender?.replaceTrack(track);
    this.set({ cameraId: deviceId, localStream: this.composeLocal() });
  }

  /** Leaves the page: media and connection stop; the call itself is ended by hangUp. */
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

  private hangUpIfLive() {
    const signal = this.leavingSignal();
    if (signal) realtime.sendCall(signal);
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
    for (const listener of this.listeners) listener();
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
    if (data.call) return this.apply(data.call);
    if (message.name === 'call.offer') {
      const offer = message.data as { sdp: string };
      await this.onOffer(offer.sdp);
    } else if (message.name === 'call.answer') {
      const answer = message.data as { sdp: string };
      await this.pc?.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
      await this.flushIce();
    } else if (message.name === 'call.ice') {
      const { candidate } = message.data as { candidate: RTCIceCandidateInit | null };
      if (!candidate) return;
      if (this.pc?.remoteDescription)
        await this.pc.addIceCandidate(candidate).catch(() => undefined);
      else this.pendingIce.push(candidate);
    }
  }

  private async flushIce() {
    const pending = this.pendingIce.splice(0);
    for (const candidate of pending)
      await this.pc?.addIceCandidate(candidate).catch(() => undefined);
  }

  private acquireMedia(type: CallType): Promise<void> {
    this.media ??= this.openMedia(type);
    return this.media;
  }

  private async openMedia(type: CallType) {
    const media = await openLocalMedia(type);
    this.audioTrack = media.audio;
    this.videoTrack = media.video;
    if (this.isClosed()) {
      this.audioTrack?.stop();
      this.videoTrack?.stop();
      return;
    }
    this.set({
      mediaNotices: media.notices,
      localStream: this.composeLocal(),
      microphones: media.microphones,
      cameras: media.cameras,
      microphoneId: this.audioTrack?.getSettings().deviceId ?? null,
      cameraId: this.videoTrack?.getSettings().deviceId ?? null,
    });
  }

  private composeLocal(): MediaStream | null {
    const tracks = [this.audioTrack, this.videoTrack].filter((t): t is MediaStreamTrack => !!t);
    return tracks.length > 0 ? new MediaStream(tracks) : null;
  }

  private isOfferer(call: Call) {
    return call.direction === 'incoming';
  }

  private connect(call: Call): Promise<void> {
    this.connecting ??= this.openConnection(call);
    return this.connecting;
  }

  private isClosed() {
    return this.closed;
  }

  private async openConnection(call: Call) {
    await this.acquireMedia(call.type);
    if (this.isClosed()) return;
    const pc = new RTCPeerConnection({ iceServers: this.config.iceServers });
    this.pc = pc;
    // The offerer makes the transceivers, whether or not a device was allowed: the call goes on
    // with what is, and a device picked later replaces the track without a new negotiation. The
    // answerer takes the transceivers the offer made (attachSenders).
    if (this.isOfferer(call)) {
      pc.addTransceiver('audio', { direction: 'sendrecv' });
      if (call.type === 'video') pc.addTransceiver('video', { direction: 'sendrecv' });
      await this.attachSenders(pc);
    }
    const remote = new MediaStream();
    this.set({ remoteStream: remote });
    pc.ontrack = (event) => {
      remote.addTrack(event.track);
      this.set({ remoteStream: new MediaStream(remote.getTracks()) });
    };
    pc.onicecandidate = (event) => {
      if (event.candidate)
        this.signal({
          kind: 'ice',
          callId: this.callId,
          candidate: event.candidate.toJSON() as never,
        });
    };
    pc.onconnectionstatechange = () => this.onConnectionState(pc);
    if (this.isOfferer(call)) await this.offer(false);
  }

  /** Our tracks on the call's transceivers (none yet: muted, camera off, or refused). */
  private async attachSenders(pc: RTCPeerConnection) {
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      transceiver.direction = 'sendrecv';
      if (kind === 'audio') {
        this.audioSender = transceiver.sender;
        await transceiver.sender.replaceTrack(this.state.muted ? null : this.audioTrack);
      } else if (kind === 'video') {
        this.videoSender = transceiver.sender;
        await transceiver.sender.replaceTrack(this.state.cameraOff ? null : this.videoTrack);
      }
    }
  }

  private async offer(restart: boolean) {
    const pc = this.pc;
    if (!pc || this.closed) return;
    const offer = await pc.createOffer({ iceRestart: restart });
    await pc.setLocalDescription(offer);
    this.offered = true;
    this.signal({ kind: 'offer', callId: this.callId, sdp: offer.sdp ?? '', restart });
  }

  private async onOffer(sdp: string) {
    const call = this.state.call;
    if (!call) return;
    await this.connect(call);
    const pc = this.pc;
    if (!pc) return;
    await pc.setRemoteDescription({ type: 'offer', sdp });
    if (!this.audioSender) await this.attachSenders(pc);
    await this.flushIce();
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    this.signal({ kind: 'answer', callId: this.callId, sdp: answer.sdp ?? '' });
  }

  private onConnectionState(pc: RTCPeerConnection) {
    if (pc !== this.pc || this.closed) return;
    const state = pc.connectionState;
    if (state === 'connected') {
      clearTimeout(this.restartTimer ?? undefined);
      clearTimeout(this.giveUpTimer ?? undefined);
      this.giveUpTimer = null;
      this.set({ phase: 'connected', error: null });
      return;
    }
    if (state !== 'disconnected' && state !== 'failed') return;
    this.set({ phase: 'reconnecting' });
    const call = this.state.call;
    if (call && this.isOfferer(call) && this.offered) {
      clearTimeout(this.restartTimer ?? undefined);
      this.restartTimer = setTimeout(
        () => {
          if (this.pc?.connectionState === 'connected') return;
          this.pc?.restartIce();
          void this.offer(true);
        },
        state === 'failed' ? 0 : RESTART_AFTER_MS,
      );
    }
    this.giveUpTimer ??= setTimeout(() => {
      if (this.pc?.connectionState === 'connected') return;
      this.set({ phase: 'failed', error: CALL_MESSAGES.noTurn });
    }, RECONNECT_GIVE_UP_MS);
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
    if (this.keepalive) clearInterval(this.keepalive);
    clearTimeout(this.restartTimer ?? undefined);
    clearTimeout(this.giveUpTimer ?? undefined);
    this.keepalive = null;
    this.pc?.close();
    this.pc = null;
    this.audioTrack?.stop();
    this.videoTrack?.stop();
    this.set({ phase, localStream: null });
  }
}
