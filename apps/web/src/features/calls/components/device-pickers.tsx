import type { PeerCall, PeerCallState } from '../peer-call';

/** Which microphone (and camera) the call uses, while it lasts and the browser lists them. */
export function DevicePickers({
  peer,
  state,
  video,
}: {
  peer: PeerCall;
  state: PeerCallState;
  video: boolean;
}) {
  if (state.phase === 'ended' || (state.microphones.length === 0 && state.cameras.length === 0))
    return null;
  return (
    <div className="flex flex-wrap gap-4 text-sm">
      {state.microphones.length > 0 && (
        <label className="flex items-center gap-2">
          Microphone
          <select
            className="h-9 rounded-md border bg-background px-2"
            value={state.microphoneId ?? ''}
            onChange={(event) => void peer.useMicrophone(event.target.value)}
          >
            {state.microphones.map((device, i) => (
              <option key={device.deviceId || i} value={device.deviceId}>
                {device.label || `Microphone ${i + 1}`}
              </option>
            ))}
          </select>
        </label>
      )}
      {video && state.cameras.length > 0 && (
        <label className="flex items-center gap-2">
          Camera
          <select
            className="h-9 rounded-md border bg-background px-2"
            value={state.cameraId ?? ''}
            onChange={(event) => void peer.useCamera(event.target.value)}
          >
            {state.cameras.map((device, i) => (
              <option key={device.deviceId || i} value={device.deviceId}>
                {device.label || `Camera ${i + 1}`}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
