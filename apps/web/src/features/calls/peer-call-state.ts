import type { Call } from '@kaleido/shared/calls/calls.schemas';

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
  /** What the other person did (left the page, declined or stopped the transcript), or an upload failure. */
  notice: string | null;
}

export const INITIAL_PEER_CALL_STATE: PeerCallState = {
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
  notice: null,
};

/** What the parts of a call (media, connection) read and change of the call's one state. */
export interface CallStateHost {
  getState(): PeerCallState;
  set(patch: Partial<PeerCallState>): void;
  /** The call's screen has gone, or the call is over: start nothing new. */
  isClosed(): boolean;
}
