// The support chat's state for a signed-in screen: none configured, loading, ready or failed.
import { SUPPORT_WIDGET_RETRY_MS, SUPPORT_WIDGET_TIMEOUT_MS } from '@cashdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { startSupportChat, type SupportChatContext, type SupportChatOutcome } from './support-chat';

export type SupportChatStatus = 'none' | 'loading' | SupportChatOutcome;

export function useSupportChat(url: string | null, context: SupportChatContext): SupportChatStatus {
  const [outcome, setOutcome] = useState<{ url: string; outcome: SupportChatOutcome } | null>(null);
  // The chat starts with the context of its first render: a language switch does not restart it.
  const contextRef = useRef(context);

  useEffect(() => {
    if (url === null) return;
    return startSupportChat(url, contextRef.current, {
      retryMs: SUPPORT_WIDGET_RETRY_MS,
      timeoutMs: SUPPORT_WIDGET_TIMEOUT_MS,
      onDone: (done) => setOutcome({ url, outcome: done }),
    });
  }, [url]);

  if (url === null) return 'none';
  return outcome?.url === url ? outcome.outcome : 'loading';
}
