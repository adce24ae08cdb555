// One terminal's live-updates stream (Server-Sent Events): the hello, its venue's changes merged so a
// burst (a device reporting every second, a queue of deposits) costs the terminal one refetch per
// LIVE_COALESCE_MS at most, and the heartbeat comment that keeps proxies from closing an idle stream.
import type { Writable } from 'node:stream';
import { LIVE_COALESCE_MS, POLL_INTERVAL_MS, type LiveChange } from '@cashdesk/contract';
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

export class LiveStream implements ChangeSubscriber {
  private pendingFloat = false;
  /** This stream's cashier had their own settings changed (`Change.user_ids`). */
  private pendingMe = false;
  /** The venue's alerts changed (`Change.alerts`): told only on a stream that shows them. */
  private pendingAlerts = false;
  /** A payout held for a manager was filed or settled on a device named (`Change.approvals`). */
  private pendingApprovals = false;
  private readonly pendingDevices = new Set<number>();
  private flushTimer: NodeJS.Timeout | null = null;
  private lastFlushMs = Number.NEGATIVE_INFINITY;
  private ended = false;

  constructor(
    private readonly response: Writable,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
    /** The cashier whose terminal this is: a change naming them is told as `me`. */
    private readonly userId: number | null = null,
    /**
     * The back office's overview (floor-events.routes.ts): a change of the alerts is told as `alerts`, and
     * one of the approvals as `approvals` even when it names no device.
     */
    private readonly withAlerts = false,
  ) {}

  /** First message: when the stream breaks, when the browser reconnects; and the server's build. */
  hello(hash: string): void {
    this.write(`retry: ${reconnectDelayMs(this.random)}\n${sseMessage('hello', { hash })}`);
  }

  onChange(change: Change): void {
    if (this.ended) return;
    this.pendingFloat ||= change.float;
    for (const id of change.device_ids) this.pendingDevices.add(id);
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
    if (this.flushTimer) return;
    const wait = Math.max(0, this.lastFlushMs + LIVE_COALESCE_MS - this.now());
    this.flushTimer = setTimeout(() => this.flush(), wait);
  }

  /** The feed missed changes: end the stream; the terminal reconnects and refetches on the hello. */
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

  private flush(): void {
    this.flushTimer = null;
    this.lastFlushMs = this.now();
    const change: LiveChange = {
      float: this.pendingFloat,
      devices: [...this.pendingDevices],
      // Only when true: the message of every other change keeps its shape.
      ...(this.pendingMe ? { me: true } : {}),
      ...(this.pendingAlerts ? { alerts: true } : {}),
      ...(this.pendingApprovals ? { approvals: true } : {}),
    };
    this.pendingFloat = false;
    this.pendingMe = false;
    this.pendingAlerts = false;
    this.pendingApprovals = false;
    this.pendingDevices.clear();
    this.write(sseMessage('change', change));
  }

  private write(text: string): void {
    if (!this.ended) this.response.write(text);
  }
}
