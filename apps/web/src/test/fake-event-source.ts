// Test helper: the browser's EventSource, driven by the test. Stub it in with
// `vi.stubGlobal('EventSource', FakeEventSource)`; `emit` plays a message from the server on a stream the
// app opened (FakeEventSource.opened), inside act() so the screen follows.
import { act } from '@testing-library/react';

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, data = '') {
    if (type !== 'error') this.readyState = FakeEventSource.OPEN;
    act(() => this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data }))));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}
