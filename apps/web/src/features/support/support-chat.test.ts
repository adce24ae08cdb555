// The operator's chat script: added once, its init tried every 100 ms for up to 10 s (docs/product.md section 9).
import { SUPPORT_WIDGET_RETRY_MS, SUPPORT_WIDGET_TIMEOUT_MS } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSupportChat, SUPPORT_CHAT_SCRIPT_ID, type SupportChatContext } from './support-chat';

const URL = 'https://chat.example.com/widget.js';
const CONTEXT: SupportChatContext = { language: 'es', cashier: { id: 7, name: 'Demo Cashier' } };
const options = (onDone = vi.fn()) => ({
  retryMs: SUPPORT_WIDGET_RETRY_MS,
  timeoutMs: SUPPORT_WIDGET_TIMEOUT_MS,
  onDone,
});
const scripts = () => document.querySelectorAll(`script#${SUPPORT_CHAT_SCRIPT_ID}`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  delete window.CashdeskSupportChat;
  document.getElementById(SUPPORT_CHAT_SCRIPT_ID)?.remove();
});

describe('startSupportChat', () => {
  it('adds the script once and calls init with the context as soon as the script defines it', () => {
    // A screen that mounts the widget again (after the lock screen) finds the script already there.
    startSupportChat(URL, CONTEXT, options())();
    const onDone = vi.fn();
    startSupportChat(URL, CONTEXT, options(onDone));
    expect(scripts()).toHaveLength(1);
    expect((scripts()[0] as HTMLScriptElement).src).toBe(URL);

    vi.advanceTimersByTime(SUPPORT_WIDGET_RETRY_MS * 7);
    expect(onDone).not.toHaveBeenCalled();
    const init = vi.fn();
    window.CashdeskSupportChat = { init };
    vi.advanceTimersByTime(SUPPORT_WIDGET_RETRY_MS);
    expect(init).toHaveBeenCalledExactlyOnceWith(CONTEXT);
    expect(onDone).toHaveBeenCalledExactlyOnceWith('ready');
  });

  it('tries for 10 s and then gives up', () => {
    const onDone = vi.fn();
    startSupportChat(URL, CONTEXT, options(onDone));
    vi.advanceTimersByTime(SUPPORT_WIDGET_TIMEOUT_MS);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SUPPORT_WIDGET_RETRY_MS);
    expect(onDone).toHaveBeenCalledExactlyOnceWith('failed');
    // Defined too late: never initialised.
    const init = vi.fn();
    window.CashdeskSupportChat = { init };
    vi.advanceTimersByTime(SUPPORT_WIDGET_TIMEOUT_MS);
    expect(init).not.toHaveBeenCalled();
  });

  it('gives up at once when the script cannot load', () => {
    const onDone = vi.fn();
    startSupportChat(URL, CONTEXT, options(onDone));
    scripts()[0]?.dispatchEvent(new Event('error'));
    expect(onDone).toHaveBeenCalledExactlyOnceWith('failed');
  });

  it('counts an init that throws as a failure', () => {
    const onDone = vi.fn();
    window.CashdeskSupportChat = {
      init: () => {
        throw new Error('chat down');
      },
    };
    startSupportChat(URL, CONTEXT, options(onDone));
    vi.advanceTimersByTime(SUPPORT_WIDGET_RETRY_MS);
    expect(onDone).toHaveBeenCalledExactlyOnceWith('failed');
  });

  it('removes a started chat when stopped, and stops trying when stopped before', () => {
    const destroy = vi.fn();
    window.CashdeskSupportChat = { init: vi.fn(), destroy };
    const stop = startSupportChat(URL, CONTEXT, options());
    vi.advanceTimersByTime(SUPPORT_WIDGET_RETRY_MS);
    stop();
    expect(destroy).toHaveBeenCalledOnce();

    delete window.CashdeskSupportChat;
    const onDone = vi.fn();
    startSupportChat(URL, CONTEXT, options(onDone))();
    vi.advanceTimersByTime(SUPPORT_WIDGET_TIMEOUT_MS * 2);
    expect(onDone).not.toHaveBeenCalled();
  });
});
