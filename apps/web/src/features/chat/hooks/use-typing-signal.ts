import { useCallback, useEffect, useRef } from 'react';
import { sendTyping } from '../api/chat-requests';

const RESEND_MS = 3_000;

/**
 * Tells the other side we are typing: `true` at most every 3 s while keys go down, `false` when
 * the message is sent, the composer loses focus or the conversation closes.
 */
export function useTypingSignal(conversationId: string) {
  const lastSent = useRef(0);
  const typing = useRef(false);

  const stop = useCallback(() => {
    if (!typing.current) return;
    typing.current = false;
    lastSent.current = 0;
    sendTyping(conversationId, false).catch(() => undefined);
  }, [conversationId]);

  const ping = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < RESEND_MS) return;
    lastSent.current = now;
    typing.current = true;
    sendTyping(conversationId, true).catch(() => undefined);
  }, [conversationId]);

  useEffect(() => stop, [stop]);
  return { ping, stop };
}
