import { MessageContentSchema } from '@kaleido/shared/chat/chat.schemas';
import { CHAT_MEDIA_POLICY } from '@kaleido/shared/files/upload-policies';
import { Mic, Paperclip, SendHorizontal, Square } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { attachableOrSay } from '../attachable';
import { Button } from '../../../components/ui/button';
import { useVoiceRecorder } from '../../../components/voice-recorder/use-voice-recorder';
import type { Outgoing } from '../hooks/message-cache';
import { useTypingSignal } from '../hooks/use-typing-signal';
import { useFeature } from '../../../lib/instance-features';

/**
 * Writes and sends: Enter sends, Shift+Enter starts a new line; the text is trimmed and checked
 * with the same schema as the server, whose message shows under the box. Also attaches a file
 * (checked for type and the 10 MB limit before uploading) and records a voice message.
 */
export function Composer({
  conversationId,
  onSend,
}: {
  conversationId: string;
  onSend: (outgoing: Outgoing) => Promise<string | null>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const typing = useTypingSignal(conversationId);
  // Sent as soon as it stops: it shows at once as a pending message that carries its own retry,
  // so the recorder is free again without waiting for the upload.
  const voice = useVoiceRecorder(({ blob: audio }) => {
    void onSend({ kind: 'voice', audio, url: URL.createObjectURL(audio) });
    return Promise.resolve();
  });
  const recording = voice.state === 'recording';
  // Audio input off on this instance: no record button (the server refuses it too).
  const audioInput = useFeature('audio_input');
  const inputId = useId();
  const errorId = useId();

  async function submit() {
    if (text.trim() === '') return;
    const parsed = MessageContentSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setText('');
    typing.stop();
    const rejected = await onSend({ kind: 'text', content: parsed.data });
    if (rejected) setError(rejected);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  function onFile(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (file && attachableOrSay(file)) void onSend({ kind: 'attachment', file });
  }

  return (
    <form
      className="flex flex-col gap-1 border-t p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Message
      </label>
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          accept={CHAT_MEDIA_POLICY.accept.join(',')}
          data-testid="chat-file-input"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label="Attach file"
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip aria-hidden="true" />
        </Button>
        {audioInput && (
          <Button
            variant={recording ? 'destructive' : 'ghost'}
            size="icon"
            aria-label={recording ? 'Stop recording and send' : 'Record voice message'}
            aria-pressed={recording}
            disabled={voice.state === 'processing'}
            onClick={() => (recording ? voice.stop() : void voice.start())}
          >
            {recording ? <Square aria-hidden="true" /> : <Mic aria-hidden="true" />}
          </Button>
        )}
        <textarea
          id={inputId}
          rows={1}
          value={text}
          placeholder="Type a message…"
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
            if (event.target.value.trim()) typing.ping();
          }}
          onKeyDown={onKeyDown}
          onBlur={typing.stop}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={text.trim() === ''}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      {recording && (
        <p role="status" className="text-xs text-destructive">
          Recording… press stop to send.
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
