// The live-updates streams (Server-Sent Events), one design for all: a hello, then changes merged so a
// burst (a device reporting every second, a queue of deposits) costs the viewer one message per
// LIVE_COALESCE_MS at most, and the heartbeat comment that keeps proxies from closing an idle stream.
// LiveStream is a terminal's (what changed, as hints to refetch, and on a till the current payment of the
// devices that only played); StateStream a device's own (its state, read afresh for each message:
// gateway/device-stream.ts).
import type { Writable } from 'node:stream';
import { LIVE_COALESCE_MS, POLL_INTERVAL_MS, type DevicePayment, type LiveChange } from '@cashdesk/contract';
import type { Change, ChangeSubscriber } from './change-feed.js';

/** One SSE message; `data` is one line of JSON, so it needs no splitting. */
export function sseMessage(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * How long the browser waits to reconnect a broken stream: POLL_INTERVAL_MS on average, spread from half
 * to one and a half of it per stream, so that after a server restart a venue's terminals (or a whole
 * fleet) come back over seconds instead of in one burst of reconnects and refetches.
 */
export function reconnectDelayMs(random: () => number = Math.random): number {
  return Math.round(POLL_INTERVAL_MS * (0.5 + random()));
}

/**
 * What every stream shares: writing to the viewer's body, the ping, the end, and the coalescing window:
 * `schedule` asks for one flush, no sooner than LIVE_COALESCE_MS after the last one, however many
 * changes ask meanwhile.
 */
export abstract class CoalescedStream implements ChangeSubscriber {
  private flushTimer: NodeJS.Timeout | null = null;
  private lastFlushMs = Number.NEGATIVE_INFINITY;
  protected ended = false;

  constructor(
    private readonly response: Writable,
    protected readonly now: () => number = Date.now,
  ) {}

  abstract onChange(change: Change): void;

  /** Sends what the changes since the last flush told (called by `schedule`'s timer). */
  protected abstract flush(): void;

  /** The feed missed changes: end the stream; the viewer reconnects and gets a fresh hello. */
  onLost(): void {
    this.end();
  }

  ping(): void {
    this.write(': ping\n\n');
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.response.end();
  }

  protected schedule(): void {
    if (this.flushTimer || this.ended) return;
    const wait = Math.max(0, this.lastFlushMs + LIVE_COALESCE_MS - this.now());
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flushed();
      this.flush();
    }, wait);
  }

  /** A message went out now: the next flush waits a window from here. */
  protected flushed(): void {
    this.lastFlushMs = this.now();
  }

  protected write(text: string): void {
    if (!this.ended) this.response.write(text);
  }
}

/**
 * Reads the current `payment` of those of `ids` that the stream's viewer may see in their device list (a
 * till's: its venue's cabinets); the others are left out.
 */
export type PaymentsReader = (ids: readonly number[]) => Promise<readonly DevicePayment[]>;

export class LiveStream extends CoalescedStream {
  private pendingFloat = false;
  /** This stream's cashier had their own settings changed (`Change.user_ids`). */
  private pendingMe = false;
  /** The venue's alerts changed (`Change.alerts`): told only on a stream that shows them. */
  private pendingAlerts = false;
  /** A payout held for a manager was filed or settled on a device named (`Change.approvals`). */
  private pendingApprovals = false;
  private readonly pendingDevices = new Set<number>();
  /** Devices some change named for their game play alone (`Change.played_ids`)... */
  private readonly pendingPlayed = new Set<number>();
  /** ...and those some change named for anything else: these are not played alone. */
  private readonly pendingWorked = new Set<number>();
  /** The payments of a message are being read: its successor waits, so messages go out in read order. */
  private reading = false;
  private again = false;

  constructor(
    response: Writable,
    now: () => number = Date.now,
    private readonly random: () => number = Math.random,
    /** The cashier whose terminal this is: a change naming them is told as `me`. */
    private readonly userId: number | null = null,
    /**
     * The back office's overview (floor-events.routes.ts): a change of the alerts is told as `alerts`, and
     * one of the approvals as `approvals` even when it names no device.
     */
    private readonly withAlerts = false,
    /** A till's stream: the played devices' payments, read as each message goes out (`payments`). */
    private readonly readPayments: PaymentsReader | null = null,
  ) {
    super(response, now);
  }

  /** First message: when the stream breaks, when the browser reconnects; and the server's build. */
  hello(hash: string): void {
    this.write(`retry: ${reconnectDelayMs(this.random)}\n${sseMessage('hello', { hash })}`);
  }

  onChange(change: Change): void {
    if (this.ended) return;
    this.pendingFloat ||= change.float;
    const played = new Set(change.played_ids ?? []);
    for (const id of change.device_ids) {
      this.pendingDevices.add(id);
      (played.has(id) ? this.pendingPlayed : this.pendingWorked).add(id);
    }
    const aboutMe = this.userId !== null && (change.user_ids ?? []).includes(this.userId);
    const aboutAlerts = this.withAlerts && change.alerts === true;
    // The back office lists every approval of the venue; a till only waits on a device's, so an approvals
    // change naming no device is nothing to it.
    const aboutApprovals = change.approvals === true && (this.withAlerts || change.device_ids.length > 0);
    // A change naming only other users of the venue (or alerts, on a terminal) is nothing this stream shows.
    if (!aboutMe && !aboutAlerts && !aboutApprovals && !change.float && change.device_ids.length === 0) {
      return;
    }
    this.pendingMe ||= aboutMe;
    this.pendingAlerts ||= aboutAlerts;
    this.pendingApprovals ||= aboutApprovals;
    this.schedule();
  }

  protected flush(): void {
    // A message still reading its payments: this one goes out after it, with what came meanwhile.
    if (this.reading) {
      this.again = true;
      return;
    }
    const played = [...this.pendingPlayed].filter((id) => !this.pendingWorked.has(id));
    const change: LiveChange = {
      float: this.pendingFloat,
      devices: [...this.pendingDevices],
      // Only when true (or not empty): the message of every other change keeps its shape.
      ...(played.length > 0 ? { played } : {}),
      ...(this.pendingMe ? { me: true } : {}),
      ...(this.pendingAlerts ? { alerts: true } : {}),
      ...(this.pendingApprovals ? { approvals: true } : {}),
    };
    this.pendingFloat = false;
    this.pendingMe = false;
    this.pendingAlerts = false;
    this.pendingApprovals = false;
    this.pendingDevices.clear();
    this.pendingPlayed.clear();
    this.pendingWorked.clear();
    if (!this.readPayments || played.length === 0) {
      this.write(sseMessage('change', change));
      return;
    }
    // Read after the changes committed, so a message never carries a payment older than the one before.
    this.reading = true;
    this.readPayments(played)
      .then((payments) => {
        const told = payments.length > 0 ? { ...change, payments: [...payments] } : change;
        this.write(sseMessage('change', told));
      })
      // Without its payments the message names its devices as any change does: the till asks for its list.
      .catch(() => {
        const { played: _played, ...unread } = change;
        this.write(sseMessage('change', unread));
      })
      .finally(() => {
        this.reading = false;
        if (!this.again) return;
        this.again = false;
        this.schedule();
      });
  }
}

/**
 * A stream whose messages are a state read afresh (a device's own, gateway/device-stream.ts): the hello
 * carries it, and each window in which a change `concerns` it sends it again as `state`, read after the
 * change committed; never the change's content. At most one read per LIVE_COALESCE_MS, one at a time, so
 * the messages go out in the order they were read. A read that fails ends the stream (the viewer
 * reconnects and reads its hello).
 */
export class StateStream extends CoalescedStream {
  private reading = false;
  /** A change came while a read was under way: read again once it is done. */
  private again = false;

  constructor(
    response: Writable,
    private readonly read: () => Promise<unknown>,
    private readonly concerns: (change: Change) => boolean,
    now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {
    super(response, now);
  }

  /** First message: the state now, read after the stream subscribed, so no change falls in between. */
  hello(): void {
    this.flushed();
    this.send((state) => `retry: ${reconnectDelayMs(this.random)}\n${sseMessage('hello', state)}`);
  }

  onChange(change: Change): void {
    if (this.ended || !this.concerns(change)) return;
    if (this.reading) this.again = true;
    else this.schedule();
  }

  protected flush(): void {
    this.send((state) => sseMessage('state', state));
  }

  private send(message: (state: unknown) => string): void {
    this.reading = true;
    this.read()
      .then((state) => this.write(message(state)))
      .catch(() => this.end())
      .finally(() => {
        this.reading = false;
        if (!this.again) return;
        this.again = false;
        this.schedule();
      });
  }
}
