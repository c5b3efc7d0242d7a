import {
  CALL_MESSAGES,
  type Call,
  type CallConfig,
  type CallSignal,
} from '@kaleido/shared/calls/calls.schemas';
import type { CallMedia } from './call-media';
import type { CallStateHost } from './peer-call-state';

/** Without this long connected again, a dropped connection counts as failed. */
const RECONNECT_GIVE_UP_MS = 20_000;
/** A brief 'disconnected' often heals by itself; after this, the offerer restarts ICE. */
const RESTART_AFTER_MS = 2_000;

/**
 * The RTCPeerConnection of one call and its negotiation: the callee offers (it joins after the
 * caller, who is already listening) and restarts ICE when the connection drops; the caller
 * answers. ICE candidates that arrive before the remote description wait for it.
 */
export class CallConnection {
  private pc: RTCPeerConnection | null = null;
  private connecting: Promise<void> | null = null;
  private pendingIce: RTCIceCandidateInit[] = [];
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private giveUpTimer: ReturnType<typeof setTimeout> | null = null;
  private offered = false;

  constructor(
    private readonly callId: string,
    private readonly config: CallConfig,
    private readonly host: CallStateHost,
    private readonly media: CallMedia,
    private readonly signal: (signal: CallSignal) => void,
  ) {}

  connect(call: Call): Promise<void> {
    this.connecting ??= this.open(call);
    return this.connecting;
  }

  async onOffer(sdp: string) {
    const call = this.host.getState().call;
    if (!call) return;
    await this.connect(call);
    const pc = this.pc;
    if (!pc) return;
    await pc.setRemoteDescription({ type: 'offer', sdp });
    if (!this.media.attached) await this.media.attachSenders(pc);
    await this.flushIce();
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    this.signal({ kind: 'answer', callId: this.callId, sdp: answer.sdp ?? '' });
  }

  async onAnswer(sdp: string) {
    await this.pc?.setRemoteDescription({ type: 'answer', sdp });
    await this.flushIce();
  }

  async onIce(candidate: RTCIceCandidateInit | null) {
    if (!candidate) return;
    if (this.pc?.remoteDescription) await this.pc.addIceCandidate(candidate).catch(() => undefined);
    else this.pendingIce.push(candidate);
  }

  /**
   * The other side's page reloaded: its old connection is gone for good, so this one is
   * dropped and a new one made at once (synchronously, so an offer right behind the news finds
   * it); the callee offers again, as at the start.
   */
  renew(call: Call) {
    this.close();
    this.media.detach();
    this.connecting = null;
    this.pendingIce = [];
    this.offered = false;
    this.giveUpTimer = null;
    this.restartTimer = null;
    this.host.set({ phase: 'reconnecting' });
    void this.connect(call);
  }

  close() {
    clearTimeout(this.restartTimer ?? undefined);
    clearTimeout(this.giveUpTimer ?? undefined);
    this.pc?.close();
    this.pc = null;
  }

  private isOfferer(call: Call) {
    return call.direction === 'incoming';
  }

  private async flushIce() {
    const pending = this.pendingIce.splice(0);
    for (const candidate of pending)
      await this.pc?.addIceCandidate(candidate).catch(() => undefined);
  }

  private async open(call: Call) {
    await this.media.acquire(call.type);
    if (this.host.isClosed()) return;
    const pc = new RTCPeerConnection({ iceServers: this.config.iceServers });
    this.pc = pc;
    // The offerer makes the transceivers, whether or not a device was allowed: the call goes on
    // with what is, and a device picked later replaces the track without a new negotiation. The
    // answerer takes the transceivers the offer made (attachSenders).
    if (this.isOfferer(call)) {
      pc.addTransceiver('audio', { direction: 'sendrecv' });
      if (call.type === 'video') pc.addTransceiver('video', { direction: 'sendrecv' });
      await this.media.attachSenders(pc);
    }
    const remote = new MediaStream();
    this.host.set({ remoteStream: remote });
    pc.ontrack = (event) => {
      remote.addTrack(event.track);
      this.host.set({ remoteStream: new MediaStream(remote.getTracks()) });
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

  private async offer(restart: boolean) {
    const pc = this.pc;
    if (!pc || this.host.isClosed()) return;
    const offer = await pc.createOffer({ iceRestart: restart });
    await pc.setLocalDescription(offer);
    this.offered = true;
    this.signal({ kind: 'offer', callId: this.callId, sdp: offer.sdp ?? '', restart });
  }

  private onConnectionState(pc: RTCPeerConnection) {
    if (pc !== this.pc || this.host.isClosed()) return;
    const state = pc.connectionState;
    if (state === 'connected') {
      clearTimeout(this.restartTimer ?? undefined);
      clearTimeout(this.giveUpTimer ?? undefined);
      this.giveUpTimer = null;
      this.host.set({ phase: 'connected', error: null });
      return;
    }
    if (state !== 'disconnected' && state !== 'failed') return;
    this.host.set({ phase: 'reconnecting' });
    const call = this.host.getState().call;
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
      this.host.set({ phase: 'failed', error: CALL_MESSAGES.noTurn });
    }, RECONNECT_GIVE_UP_MS);
  }
}
