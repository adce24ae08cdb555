// What changed for which venue, told to the terminals watching it (the live-updates stream). A change is
// published after its transaction commits; a subscriber hears the changes of one account.
//
// Two feeds behind one interface: in process (the embedded database has one server process) and across
// server processes on PostgreSQL (LISTEN/NOTIFY, pg-change-feed.ts). Push is a hint, never the record:
// a lost change is caught by the terminal's slower poll, so publishing never fails a money call.

export interface Change {
  account_id: number;
  /** The account's float (balance, or a setting shown with it) changed. */
  float: boolean;
  /** Devices whose detail (places, balances, status, name) changed. */
  device_ids: readonly number[];
  /**
   * Devices whose own state, as `GET /device/state` tells it (linked or not, its seats' money), someone
   * else changed: a cashier's cash call, a correction, an approved payout, a link or an unlink. The
   * device's own stream (gateway/device-stream.ts) follows these, not `device_ids`: its game events it knows
   * from their answers, and a rename or a PIN is nothing it shows. Each is in `device_ids` too, so the
   * terminals hear of it as before. Absent: none.
   */
  device_state_ids?: readonly number[];
  /**
   * Of `device_ids`, those this change touched by game play alone (a bet, a win: the seats' balances, never
   * a cash move, a 24-hour figure, a status or a name): a till updates their rows in its device list from
   * the stream instead of asking for the list again. Absent: none.
   */
  played_ids?: readonly number[];
  /**
   * Users of the account whose own settings (restrictions) changed: their terminals refetch who they are
   * (`/a/me`), so a right taken away hides its controls at once. Absent: none.
   */
  user_ids?: readonly number[];
  /** Shifts of the account that closed: the floor's shift-difference check reads them. Absent: none. */
  closed_shift_ids?: readonly number[];
  /** The venue's alerts were raised or cleared: the back office refetches them. Absent: none. */
  alerts?: true;
  /**
   * A payout held for a manager (four eyes) was filed, decided, withdrawn or expired on the devices named:
   * the till waiting on one asks its trx again, the back office refetches its approvals. Absent: none.
   */
  approvals?: true;
}

export interface ChangePublisher {
  /** Never rejects: the change is already committed, and terminals poll anyway. */
  publish(change: Change): Promise<void>;
}

export interface ChangeSubscriber {
  onChange(change: Change): void;
  /** The feed lost changes (its database connection dropped): the subscriber must resynchronise. */
  onLost(): void;
}

export interface ChangeFeed extends ChangePublisher {
  subscribe(accountId: number, subscriber: ChangeSubscriber): () => void;
  /**
   * Hears the changes naming the device in `device_state_ids`, whichever venue publishes them: a device
   * waiting for its link has no venue yet, and the one that links it publishes under its own.
   */
  subscribeDevice(deviceId: number, subscriber: ChangeSubscriber): () => void;
  /** Hears the changes of every account (the floor's alert checks); not counted in `subscriberCount`. */
  subscribeAll(subscriber: ChangeSubscriber): () => void;
  /** Resolves once a subscriber will hear every change published from now on; rejects if it cannot. */
  ready(): Promise<void>;
  /** Streams open now, for /readyz-style figures and the benchmarks. */
  readonly subscriberCount: number;
  close(): Promise<void>;
}

/**
 * The one way to tell the terminals of a change: runs `write` (a transaction, or a single statement that
 * commits by itself) and, once it has committed, publishes what `changed` names for its result (null or
 * an empty list: nothing a terminal shows). A write that throws publishes nothing. Not awaited: the call
 * answers as soon as its write commits, and a lost hint is caught by the terminals' poll.
 */
export async function publishAfterCommit<T>(
  changes: ChangePublisher,
  write: () => Promise<T>,
  changed: (result: T) => Change | readonly Change[] | null,
): Promise<T> {
  const result = await write();
  const told = changed(result);
  const list: readonly Change[] = told === null ? [] : 'account_id' in told ? [told] : told;
  for (const change of list) void changes.publish(change);
  return result;
}

/** Devices one change names at most once merged, so its notice stays far below PostgreSQL's 8,000 bytes. */
export const MERGED_DEVICES_MAX = 400;

/**
 * Changes of one moment as few as they can be told: one per account, saying everything its changes
 * said (the float if any did; every device and user named), split past MERGED_DEVICES_MAX devices. A
 * terminal hears the same as from the changes one by one: it refetches by what a change names, and its
 * stream coalesces what arrives within LIVE_COALESCE_MS anyway.
 */
export function mergeChanges(changes: readonly Change[]): Change[] {
  const merged: Change[] = [];
  const open = new Map<number, MergedChange>();
  const close = (accountId: number) => {
    const change = open.get(accountId);
    if (!change) return;
    open.delete(accountId);
    merged.push(mergedChange(accountId, change));
  };
  for (const change of changes) {
    const before = open.get(change.account_id);
    // Every list of ids counts against one budget: together they are what makes a notice long.
    const size = (before?.devices.size ?? 0) + (before?.states.size ?? 0) + (before?.played.size ?? 0);
    const adds =
      change.device_ids.length + (change.device_state_ids?.length ?? 0) + (change.played_ids?.length ?? 0);
    if (size + adds > MERGED_DEVICES_MAX) close(change.account_id);
    const into = open.get(change.account_id) ?? {
      float: false,
      alerts: false,
      approvals: false,
      devices: new Set(),
      states: new Set(),
      played: new Set(),
      worked: new Set(),
      users: new Set(),
      shifts: new Set(),
    };
    open.set(change.account_id, into);
    into.float ||= change.float;
    into.alerts ||= change.alerts === true;
    into.approvals ||= change.approvals === true;
    const played = new Set(change.played_ids ?? []);
    for (const id of change.device_ids) {
      into.devices.add(id);
      (played.has(id) ? into.played : into.worked).add(id);
    }
    for (const id of change.device_state_ids ?? []) into.states.add(id);
    for (const id of change.user_ids ?? []) into.users.add(id);
    for (const id of change.closed_shift_ids ?? []) into.shifts.add(id);
  }
  for (const accountId of [...open.keys()]) close(accountId);
  return merged;
}

interface MergedChange {
  float: boolean;
  alerts: boolean;
  approvals: boolean;
  devices: Set<number>;
  states: Set<number>;
  /** Devices some change named as played alone, and those some change named otherwise. */
  played: Set<number>;
  worked: Set<number>;
  users: Set<number>;
  shifts: Set<number>;
}

/** The optional parts only when they say something, so the notice stays small. */
function mergedChange(accountId: number, change: MergedChange): Change {
  // A device any change named otherwise than by its play is not played alone: the terminals refetch it.
  const played = [...change.played].filter((id) => !change.worked.has(id));
  return {
    account_id: accountId,
    float: change.float,
    device_ids: [...change.devices],
    ...(change.states.size > 0 ? { device_state_ids: [...change.states] } : {}),
    ...(played.length > 0 ? { played_ids: played } : {}),
    ...(change.users.size > 0 ? { user_ids: [...change.users] } : {}),
    ...(change.shifts.size > 0 ? { closed_shift_ids: [...change.shifts] } : {}),
    ...(change.alerts ? { alerts: true as const } : {}),
    ...(change.approvals ? { approvals: true as const } : {}),
  };
}

/** For code that changes nothing a terminal watches, and for tests of the ledger alone. */
export const noChangePublisher: ChangePublisher = { publish: async () => undefined };

/** The subscribers of this process, by account: the part every feed shares. */
export class LocalSubscribers {
  private readonly byAccount = new Map<number, Set<ChangeSubscriber>>();
  private readonly ofAll = new Set<ChangeSubscriber>();
  /** Devices' own streams, by device (`device_state_ids`). */
  private readonly byDevice = new Map<number, Set<ChangeSubscriber>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(accountId: number, subscriber: ChangeSubscriber): () => void {
    return this.addTo(this.byAccount, accountId, subscriber);
  }

  /** A device's own stream: hears the changes naming it in `device_state_ids` (counted in `size`). */
  addDevice(deviceId: number, subscriber: ChangeSubscriber): () => void {
    return this.addTo(this.byDevice, deviceId, subscriber);
  }

  private addTo(map: Map<number, Set<ChangeSubscriber>>, key: number, subscriber: ChangeSubscriber) {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(subscriber);
    this.count += 1;
    return () => {
      if (!set.delete(subscriber)) return;
      this.count -= 1;
      if (set.size === 0) map.delete(key);
    };
  }

  /** A subscriber of every account's changes (not counted in `size`: it is no stream). */
  addAll(subscriber: ChangeSubscriber): () => void {
    this.ofAll.add(subscriber);
    return () => this.ofAll.delete(subscriber);
  }

  deliver(change: Change): void {
    for (const subscriber of this.byAccount.get(change.account_id) ?? []) subscriber.onChange(change);
    for (const subscriber of this.ofAll) subscriber.onChange(change);
    for (const id of change.device_state_ids ?? [])
      for (const subscriber of this.byDevice.get(id) ?? []) subscriber.onChange(change);
  }

  lostAll(): void {
    for (const set of this.byAccount.values()) for (const subscriber of set) subscriber.onLost();
    for (const set of this.byDevice.values()) for (const subscriber of set) subscriber.onLost();
    for (const subscriber of this.ofAll) subscriber.onLost();
  }
}

/**
 * A feed whose subscribers are this process's (LocalSubscribers), as every feed's are: each says how a
 * change reaches them (publish), when it is ready and how it closes.
 */
export abstract class LocalFeed implements ChangeFeed {
  protected readonly subscribers = new LocalSubscribers();

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  subscribe(accountId: number, subscriber: ChangeSubscriber): () => void {
    return this.subscribers.add(accountId, subscriber);
  }

  subscribeDevice(deviceId: number, subscriber: ChangeSubscriber): () => void {
    return this.subscribers.addDevice(deviceId, subscriber);
  }

  subscribeAll(subscriber: ChangeSubscriber): () => void {
    return this.subscribers.addAll(subscriber);
  }

  abstract publish(change: Change): Promise<void>;
  abstract ready(): Promise<void>;
  abstract close(): Promise<void>;
}

/** One process: a change is delivered to this process's subscribers, after the publisher's turn. */
export class InProcessChangeFeed extends LocalFeed {
  async publish(change: Change): Promise<void> {
    queueMicrotask(() => this.subscribers.deliver(change));
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {}
}

export function floatChange(accountId: number): Change {
  return { account_id: accountId, float: true, device_ids: [] };
}

export function deviceChange(accountId: number, deviceId: number): Change {
  return { account_id: accountId, float: false, device_ids: [deviceId] };
}

/** A device's game event (a bet, a win...): its seats' balances changed, and nothing else a terminal shows. */
export function playChange(accountId: number, deviceId: number): Change {
  return { account_id: accountId, float: false, device_ids: [deviceId], played_ids: [deviceId] };
}

/**
 * A cashier's cash call on a device's seat (a deposit, withdraw or cash-out, a correction, an approved
 * payout): the venue's float and the device's detail changed, and so did what the device itself shows.
 */
export function cashChange(accountId: number, deviceId: number): Change {
  return { account_id: accountId, float: true, device_ids: [deviceId], device_state_ids: [deviceId] };
}

/**
 * A player's money moved from one seat to another (a transfer): both devices' detail and own state
 * changed; no float moved.
 */
export function transferChange(accountId: number, deviceIds: readonly number[]): Change {
  const ids = [...new Set(deviceIds)];
  return { account_id: accountId, float: false, device_ids: ids, device_state_ids: ids };
}

/** A device linked to the venue or unlinked from it: its detail, and its own state (`linked`). */
export function linkChange(accountId: number, deviceId: number): Change {
  return { account_id: accountId, float: false, device_ids: [deviceId], device_state_ids: [deviceId] };
}

/** A user's restrictions changed (back office or CLI): that user's terminals refetch `/a/me`. */
export function userChange(accountId: number, userId: number): Change {
  return { account_id: accountId, float: false, device_ids: [], user_ids: [userId] };
}

/** A cashier closed a shift: the floor checks its difference. Nothing a terminal shows. */
export function shiftClosedChange(accountId: number, shiftId: number): Change {
  return { account_id: accountId, float: false, device_ids: [], closed_shift_ids: [shiftId] };
}

/**
 * A payout held for a manager on this device was filed, decided, withdrawn or expired: the till waiting on
 * it asks its trx again at once, the back office refetches its approvals.
 */
export function approvalsChange(accountId: number, deviceId: number): Change {
  return { account_id: accountId, float: false, device_ids: [deviceId], approvals: true };
}

/** The venue's alerts were raised or cleared: told to the back office's streams only. */
export function alertsChange(accountId: number): Change {
  return { account_id: accountId, float: false, device_ids: [], alerts: true };
}
