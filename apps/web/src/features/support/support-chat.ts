// The operator's support chat (SUPPORT_CHAT_SCRIPT_URL, docs/web-app.md). The script is added to the
// page once; it must define `window.CashdeskSupportChat` with `init(context)` (and may define
// `destroy()`). Chat scripts define their API some time after they load, so init is tried every
// SUPPORT_WIDGET_RETRY_MS for up to SUPPORT_WIDGET_TIMEOUT_MS (docs/product.md section 9), then given up.

export interface SupportChatContext {
  /** The app's language (en, es, pt). */
  language: string;
  cashier: { id: number; name: string };
}

export interface SupportChatApi {
  init(context: SupportChatContext): void;
  /** Removes the chat from the page (sign-out, a locked till). */
  destroy?(): void;
}

declare global {
  interface Window {
    CashdeskSupportChat?: SupportChatApi;
  }
}

export type SupportChatOutcome = 'ready' | 'failed';

export const SUPPORT_CHAT_SCRIPT_ID = 'cashdesk-support-chat';

export interface StartOptions {
  retryMs: number;
  timeoutMs: number;
  onDone: (outcome: SupportChatOutcome) => void;
}

/** Adds the script if the page does not have it yet, then tries init; returns a function that stops and removes the chat. */
export function startSupportChat(
  url: string,
  context: SupportChatContext,
  options: StartOptions,
): () => void {
  const { retryMs, timeoutMs, onDone } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;
  let initialised = false;
  const finish = (outcome: SupportChatOutcome) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    onDone(outcome);
  };

  let script = document.getElementById(SUPPORT_CHAT_SCRIPT_ID) as HTMLScriptElement | null;
  if (!script) {
    script = document.createElement('script');
    script.id = SUPPORT_CHAT_SCRIPT_ID;
    script.src = url;
    script.async = true;
    document.head.appendChild(script);
  }
  // A script that cannot load (blocked, offline, 404) fails at once instead of after the whole wait.
  const onError = () => finish('failed');
  script.addEventListener('error', onError);

  let waitedMs = 0;
  const attempt = () => {
    const chat = window.CashdeskSupportChat;
    if (typeof chat?.init === 'function') {
      try {
        chat.init(context);
        initialised = true;
        finish('ready');
      } catch {
        finish('failed');
      }
      return;
    }
    waitedMs += retryMs;
    if (waitedMs > timeoutMs) finish('failed');
    else timer = setTimeout(attempt, retryMs);
  };
  timer = setTimeout(attempt, retryMs);

  return () => {
    finished = true;
    clearTimeout(timer);
    script?.removeEventListener('error', onError);
    if (initialised) window.CashdeskSupportChat?.destroy?.();
  };
}
