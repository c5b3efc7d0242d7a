import type { CallType } from '@kaleido/shared/calls/calls.schemas';
import { openLocalMedia, pickTrack } from './local-media';
import type { CallStateHost } from './peer-call-state';

/**
 * This side's microphone and camera in a call: opened once, switched between devices, muted and
 * turned off by taking the track off its sender (muted sends nothing, not even silence), and put
 * on the connection's transceivers when it has them.
 */
export class CallMedia {
  private audioSender: RTCRtpSender | null = null;
  private videoSender: RTCRtpSender | null = null;
  private audioTrack: MediaStreamTrack | null = null;
  private videoTrack: MediaStreamTrack | null = null;
  private media: Promise<void> | null = null;

  constructor(private readonly host: CallStateHost) {}

  /** This side's microphone (what a transcript records), if it was allowed. */
  get microphone(): MediaStreamTrack | null {
    return this.audioTrack;
  }

  /** Whether our tracks are on the connection's senders yet. */
  get attached(): boolean {
    return this.audioSender !== null;
  }

  acquire(type: CallType): Promise<void> {
    this.media ??= this.open(type);
    return this.media;
  }

  toggleMute() {
    const muted = !this.host.getState().muted;
    if (this.audioTrack) this.audioTrack.enabled = !muted;
    // Muted sends nothing at all (not even silence): the sender has no track.
    void this.audioSender?.replaceTrack(muted ? null : this.audioTrack);
    this.host.set({ muted });
  }

  toggleCamera() {
    const cameraOff = !this.host.getState().cameraOff;
    if (this.videoTrack) this.videoTrack.enabled = !cameraOff;
    void this.videoSender?.replaceTrack(cameraOff ? null : this.videoTrack);
    this.host.set({ cameraOff });
  }

  async useMicrophone(deviceId: string) {
    const track = await pickTrack('audio', deviceId);
    if (!track) return;
    this.audioTrack?.stop();
    this.audioTrack = track;
    const { muted } = this.host.getState();
    track.enabled = !muted;
    if (!muted) await this.audioSender?.replaceTrack(track);
    this.host.set({ microphoneId: deviceId, localStream: this.composeLocal() });
  }

  async useCamera(deviceId: string) {
    const track = await pickTrack('video', deviceId);
    if (!track) return;
    this.videoTrack?.stop();
    this.videoTrack = track;
    const { cameraOff } = this.host.getState();
    track.enabled = !cameraOff;
    if (!cameraOff) await this.videoSender?.replaceTrack(track);
    this.host.set({ cameraId: deviceId, localStream: this.composeLocal() });
  }

  /** Our tracks on the call's transceivers (none yet: muted, camera off, or refused). */
  async attachSenders(pc: RTCPeerConnection) {
    const { muted, cameraOff } = this.host.getState();
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      transceiver.direction = 'sendrecv';
      if (kind === 'audio') {
        this.audioSender = transceiver.sender;
        await transceiver.sender.replaceTrack(muted ? null : this.audioTrack);
      } else if (kind === 'video') {
        this.videoSender = transceiver.sender;
        await transceiver.sender.replaceTrack(cameraOff ? null : this.videoTrack);
      }
    }
  }

  /** The connection is being replaced (the other side reloaded): the next one gets our tracks. */
  detach() {
    this.audioSender = null;
    this.videoSender = null;
  }

  stop() {
    this.audioTrack?.stop();
    this.videoTrack?.stop();
  }

  private async open(type: CallType) {
    const media = await openLocalMedia(type);
    this.audioTrack = media.audio;
    this.videoTrack = media.video;
    if (this.host.isClosed()) {
      this.stop();
      return;
    }
    this.host.set({
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
}
