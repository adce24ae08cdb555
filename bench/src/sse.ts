// A Server-Sent Events reader for the push terminals of the polling benchmark (fleet.ts): the framing of
// the HTML standard's event-stream parsing (lines end in LF, CRLF or CR; a blank line dispatches; `:`
// starts a comment; `data` lines join with LF; a message without data is dropped), fed with text as it
// arrives, so a message or a line break may be split across chunks anywhere.
import { liveChange, liveHello, type LiveChange } from '@cashdesk/contract';

export type SseItem =
  | { kind: 'message'; event: string; data: string; id: string }
  /** A comment line (`: ping`, the heartbeat), without the colon and one leading space. */
  | { kind: 'comment'; text: string }
  /** A `retry:` field: the reconnection delay the server asks for. */
  | { kind: 'retry'; ms: number };

export class SseParser {
  private buffer = '';
  private atStart = true;
  /** The last chunk ended in CR: an LF first in the next one belongs to that line ending. */
  private afterCr = false;
  private event = '';
  private data: string[] = [];
  private lastId = '';

  /** Parses a chunk of decoded text; returns what it completed, in order. */
  feed(chunk: string): SseItem[] {
    let text = chunk;
    if (text.length > 0 && this.afterCr) {
      this.afterCr = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    if (this.atStart && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.atStart = false;
    }
    this.buffer += text;
    const items: SseItem[] = [];
    let from = 0;
    // The next CR and LF at or after `from`, each searched again only once passed (no rescans per line).
    let cr = this.buffer.indexOf('\r');
    let lf = this.buffer.indexOf('\n');
    for (;;) {
      if (cr !== -1 && cr < from) cr = this.buffer.indexOf('\r', from);
      if (lf !== -1 && lf < from) lf = this.buffer.indexOf('\n', from);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) break;
      this.line(this.buffer.slice(from, end), items);
      from = end + 1;
      if (end === cr) {
        if (from === this.buffer.length) this.afterCr = true;
        else if (this.buffer[from] === '\n') from += 1;
      }
    }
    this.buffer = this.buffer.slice(from);
    return items;
  }

  private line(line: string, items: SseItem[]): void {
    if (line === '') {
      if (this.data.length > 0)
        items.push({
          kind: 'message',
          event: this.event || 'message',
          data: this.data.join('\n'),
          id: this.lastId,
        });
      this.data = [];
      this.event = '';
      return;
    }
    if (line.startsWith(':')) {
      items.push({ kind: 'comment', text: line.slice(line.startsWith(': ') ? 2 : 1) });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) items.push({ kind: 'retry', ms: Number(value) });
  }
}

/** A `change` message's data, or null when it is not one (the benchmark counts that as an error). */
export function parseChange(data: string): LiveChange | null {
  const parsed = liveChange.safeParse(jsonOrNull(data));
  return parsed.success ? parsed.data : null;
}

/** The `hello` message's build hash, or null. */
export function parseHello(data: string): string | null {
  const parsed = liveHello.safeParse(jsonOrNull(data));
  return parsed.success ? parsed.data.hash : null;
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
