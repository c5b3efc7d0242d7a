import type { CallType } from '@kaleido/shared/calls/calls.schemas';

export const MEDIA_MESSAGES = {
  microphone:
    'Kaleido could not use your microphone (access was refused or there is none). The call goes on: you can hear the other person, they cannot hear you.',
  camera:
    'Kaleido could not use your camera (access was refused or there is none). The call goes on without your video.',
  unsupported:
    'This browser cannot make calls here (calls need a secure https:// address and a recent browser).',
} as const;

export interface LocalMedia {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** What was refused, said to the person; the call goes on without it. */
  notices: string[];
  microphones: MediaDeviceInfo[];
  cameras: MediaDeviceInfo[];
}

/**
 * The microphone (and camera, for a video call) for a call. Asked together first; when that is
 * refused, each alone, so a person who allows only one still takes part with it.
 */
export async function openLocalMedia(type: CallType): Promise<LocalMedia> {
  const none = { audio: null, video: null, microphones: [], cameras: [] };
  if (!('mediaDevices' in navigator)) return { ...none, notices: [MEDIA_MESSAGES.unsupported] };
  const notices: string[] = [];
  let audio: MediaStreamTrack | null;
  let video: MediaStreamTrack | null = null;
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: true,
      video: type === 'video',
    });
    audio = stream.getAudioTracks()[0] ?? null;
    video = stream.getVideoTracks()[0] ?? null;
  } catch {
    audio = await pickTrack('audio');
    if (!audio) notices.push(MEDIA_MESSAGES.microphone);
    if (type === 'video') {
      video = await pickTrack('video');
      if (!video) notices.push(MEDIA_MESSAGES.camera);
    }
  }
  // Labels and ids are readable once a device was granted.
  const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
  return {
    audio,
    video,
    notices,
    microphones: devices.filter((d) => d.kind === 'audioinput'),
    cameras: devices.filter((d) => d.kind === 'videoinput'),
  };
}

/** One track of a kind (a given device, or any); null when refused or absent. */
export async function pickTrack(
  kind: 'audio' | 'video',
  deviceId?: string,
): Promise<MediaStreamTrack | null> {
  try {
    const constraints = deviceId ? { deviceId: { exact: deviceId } } : true;
    const stream = await navigator.mediaDevices.getUserMedia(
      kind === 'audio' ? { audio: constraints } : { video: constraints },
    );
    return (kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks())[0] ?? null;
  } catch {
    return null;
  }
}
