// Reads a Server-Sent Events stream as a terminal's browser would: status and headers first, then each
// message (event name, parsed JSON data) as it arrives.
import http from 'node:http';
import { SESSION_COOKIE } from '../../src/auth/session-token.js';
import type { TestClient } from './server.js';

export interface SseMessage {
  event: string;
  data: unknown;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** The body of a refused stream (a JSON error), '' for an open one. */
  errorBody: unknown;
  /** The next message, skipping comments; rejects after `timeoutMs` without one. */
  next(timeoutMs?: number): Promise<SseMessage>;
  /** Resolves once the server ended the stream (after any messages still unread). */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Splits complete SSE frames off `buffer`; comments (`: ping`) and `retry:` lines are dropped. */
export function takeFrames(buffer: string): { messages: SseMessage[]; rest: string } {
  const frames = buffer.split('\n\n');
  const rest = frames.pop() ?? '';
  const messages: SseMessage[] = [];
  for (const frame of frames) {
    let event = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) messages.push({ event, data: JSON.parse(data.join('\n')) as unknown });
  }
  return { messages, rest };
}

export async function openEventStream(client: TestClient, path = '/a/cashier/events'): Promise<OpenedStream> {
  const headers: Record<string, string> = { ...client.headers, accept: 'text/event-stream' };
  if (client.token !== null) headers.cookie = `${SESSION_COOKIE}=${client.token}`;
  // A connection of its own (agent: false), as a browser's EventSource has: closing it closes the socket.
  const request = http.get(`${client.base}${path}`, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve).once('error', reject);
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') responseHeaders.set(name, value);
  }
  if (response.statusCode !== 200) {
    let text = '';
    for await (const chunk of response) text += String(chunk);
    return refused(response.statusCode ?? 0, responseHeaders, text ? (JSON.parse(text) as unknown) : null);
  }

  const queue: SseMessage[] = [];
  const waiting: Array<() => void> = [];
  let done = false;
  const wake = () => waiting.splice(0).forEach((resolve) => resolve());
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response as AsyncIterable<Uint8Array>) {
        const taken = takeFrames(buffer + decoder.decode(chunk, { stream: true }));
        buffer = taken.rest;
        queue.push(...taken.messages);
        wake();
      }
    } catch {
      // aborted by close()
    }
    done = true;
    wake();
  })();

  const waitFor = async (ready: () => boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  return {
    status: 200,
    headers: responseHeaders,
    errorBody: '',
    async next(timeoutMs = 5000) {
      await waitFor(() => queue.length > 0 || done, timeoutMs, 'message');
      const message = queue.shift();
      if (!message) throw new Error('the stream ended');
      return message;
    },
    async ended(timeoutMs = 5000) {
      await waitFor(() => done, timeoutMs, 'end of stream');
    },
    close: () => request.destroy(),
  };
}

function refused(status: number, headers: Headers, body: unknown): OpenedStream {
  const fail = () => Promise.reject(new Error(`the stream was refused with ${status}`));
  return {
    status,
    headers,
    errorBody: body,
    next: fail,
    ended: async () => undefined,
    close: () => undefined,
  };
}
