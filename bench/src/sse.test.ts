import { describe, expect, it } from 'vitest';
import { parseChange, parseHello, SseParser, type SseItem } from './sse.js';

/** What the server sends first, a change, and a heartbeat (the live-updates protocol). */
const STREAM =
  'retry: 5000\nevent: hello\ndata: {"hash":"abc"}\n\n' +
  'event: change\ndata: {"float":true,"devices":[7]}\n\n' +
  ': ping\n\n';

const EXPECTED: SseItem[] = [
  { kind: 'retry', ms: 5000 },
  { kind: 'message', event: 'hello', data: '{"hash":"abc"}', id: '' },
  { kind: 'message', event: 'change', data: '{"float":true,"devices":[7]}', id: '' },
  { kind: 'comment', text: 'ping' },
];

function feedAll(chunks: string[]): SseItem[] {
  const parser = new SseParser();
  return chunks.flatMap((chunk) => parser.feed(chunk));
}

describe('SseParser', () => {
  it('reads the protocol in one chunk', () => {
    expect(feedAll([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same items wherever the stream is split, with LF, CRLF or CR line ends', () => {
    for (const ending of ['\n', '\r\n', '\r']) {
      const text = STREAM.replaceAll('\n', ending);
      for (let cut = 0; cut <= text.length; cut++) {
        expect(feedAll([text.slice(0, cut), text.slice(cut)]), `${JSON.stringify(ending)} at ${cut}`).toEqual(
          EXPECTED,
        );
      }
      expect(feedAll([...text])).toEqual(EXPECTED);
    }
  });

  it('waits for the blank line before dispatching', () => {
    const parser = new SseParser();
    expect(parser.feed('event: change\ndata: {"float":false,"devices":[]}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([
      { kind: 'message', event: 'change', data: '{"float":false,"devices":[]}', id: '' },
    ]);
  });

  it('joins data lines, defaults the event to "message", keeps the last id, drops messages without data', () => {
    expect(feedAll(['\uFEFFdata:a\ndata: b\nid: 4\n\nevent: empty\n\nretry: soon\ndata\n\n'])).toEqual([
      { kind: 'message', event: 'message', data: 'a\nb', id: '4' },
      { kind: 'message', event: 'message', data: '', id: '4' },
    ]);
  });
});

describe('parseChange and parseHello', () => {
  it('read the messages of the protocol', () => {
    expect(parseChange('{"float":true,"devices":[1,2]}')).toEqual({ float: true, devices: [1, 2] });
    expect(parseHello('{"hash":"abc"}')).toBe('abc');
  });

  it('refuse anything else', () => {
    for (const data of [
      '',
      'x',
      'null',
      '{"float":1,"devices":[]}',
      '{"float":true}',
      '{"float":true,"devices":["1"]}',
    ])
      expect(parseChange(data), data).toBeNull();
    expect(parseHello('{"hash":1}')).toBeNull();
  });
});
