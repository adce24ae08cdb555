// Every call that takes a device PIN goes through here (docs/security.md, "Device PINs"): linking a cabinet
// or a phone by its PIN, and the remote calls that name a phone and carry its PIN (detail, cash, game
// report). PIN attempts are throttled per cashier, per venue and per network with the sign-in throttle's
// mechanism (auth/throttle.ts), a phone's PIN ends after PIN_MAX_WRONG wrong tries against it, and an
// expired PIN is refused everywhere.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AttemptThrottle,
  type CashierRow,
  doublingRule,
  sessionOf,
  type ThrottlePolicy,
  tooManyAttempts,
} from '../auth/index.js';
import { BoundedMap } from '../bounded-map.js';
import { networkOf } from '../http/client-network.js';
import type { Db } from '../db/database.js';
import type { DeviceRow } from '../db/schema.js';
import type { Clock } from '../clock.js';
import { deviceChange, publishAfterCommit, type ChangePublisher } from '../live/change-feed.js';
import {
  endDevicePin,
  extendDevicePin,
  lockDevicePin,
  setPinFailures,
  type DevicePin,
} from './devices.repository.js';
import { heldPinExpiry, isPinLive, judgePin, type PinVerdict } from './remote-pin.js';

export type PinKind = 'user' | 'venue' | 'network';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/**
 * Counts of wrong PINs live an hour (4 times sign-in's window): a guesser who waits for the count to
 * start over gets about 9 tries an hour per venue. An honest venue starts over after any quiet hour.
 * The venue and network rules are what bound an attacker with any number of cashier logins of one venue,
 * or any number of addresses inside one network: 9 guesses in the 10 minutes a PIN lives, so a live
 * cabinet PIN (one of 100,000) is taken with a chance of 9 in 100,000, below 1 in 10,000 (docs/security.md,
 * "Device PINs"; computed from these rules by test/security/pin-guessing.test.ts).
 */
export const PIN_POLICY: ThrottlePolicy<PinKind> = {
  windowMs: HOUR_MS,
  rules: {
    // A cashier: 4 typos go free; from the 5th, 1 min, doubling (2, 4, 8 ... min), at most an hour.
    user: doublingRule(5, MINUTE_MS, HOUR_MS),
    // Every cashier of the venue together: what an attacker with several cashier logins of one venue gets.
    venue: doublingRule(6, MINUTE_MS, HOUR_MS),
    // One network (an address's /24 or /64), whatever venue: logins of several venues behind one network.
    network: doublingRule(6, MINUTE_MS, HOUR_MS),
  },
};

/** Wrong tries against one phone's PIN (by cashiers of its venue) before that PIN ends. */
export const PIN_MAX_WRONG = 5;

/** Proven (session, device, PIN) triples kept per process; the oldest go first past this many. */
const PROVEN_MAX = 10_000;

export function pinThrottleKeys(cashier: Pick<CashierRow, 'id' | 'account_id'>, ip: string) {
  return {
    user: `pin-user:${cashier.id}`,
    venue: `pin-venue:${cashier.account_id}`,
    network: `pin-net:${networkOf(ip)}`,
  };
}

/** A counted PIN attempt of a linking call, settled by its outcome. */
export interface PinAttempt {
  /** The PIN was not a wrong guess (it linked, or the call was refused before the PIN was looked at). */
  giveBack(): Promise<void>;
}

export class PinGuard {
  private readonly throttle: AttemptThrottle<PinKind>;
  /**
   * Session token hash + device id -> the PIN that session proved under the throttle. A terminal
   * showing a phone asks for it every 5 s with the same PIN: those polls are no guesses, and must not
   * each be two write transactions. Only a PIN the session already proved skips the throttle, and only
   * while the device still holds it live, so it gives a guesser nothing.
   */
  private readonly proven = new BoundedMap<string, string>(PROVEN_MAX);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: ChangePublisher,
  ) {
    this.throttle = new AttemptThrottle(db, clock, PIN_POLICY);
  }

  /** Counts a PIN attempt of `cashier` before the PIN is looked at; 429 while a key is locked. */
  async begin(request: FastifyRequest, reply: FastifyReply, cashier: CashierRow): Promise<PinAttempt> {
    const decision = await this.throttle.begin(pinThrottleKeys(cashier, request.ip));
    if (!decision.allowed) throw tooManyAttempts(reply, decision.retryAfterS);
    // Stryker disable next-line ArrayDeclaration: no-kind-cleared
    return { giveBack: () => this.throttle.succeeded(decision.attempt, []) };
  }

  /**
   * Judges the PIN given for a phone of the cashier's venue (`device` as just read). A wrong PIN stays
   * counted by the throttle and counts against the phone's PIN, which ends at PIN_MAX_WRONG. A stale PIN
   * (the phone's previous one, or its current one once expired) is refused and counted by neither. A
   * right one keeps the phone's PIN live while the till uses it (holdOpen).
   */
  async check(
    request: FastifyRequest,
    reply: FastifyReply,
    cashier: CashierRow,
    device: DeviceRow,
    pin: string,
  ): Promise<PinVerdict> {
    const provenKey = `${sessionOf(request).token_hash}:${device.id}`;
    if (this.proven.get(provenKey) === pin && judgePin(device, pin, this.clock.now()) === 'right') {
      await this.holdOpen(device, pin);
      return 'right';
    }
    const attempt = await this.begin(request, reply, cashier);
    // An ended PIN is a change the terminals showing the phone must hear of (they refetch it). The
    // device is one of the cashier's venue (device-access.ts), so the venue is the cashier's.
    const { verdict } = await publishAfterCommit(
      this.changes,
      () => this.judgeAndCount(device.id, pin),
      ({ ended }) => (ended ? deviceChange(cashier.account_id, device.id) : null),
    );
    if (verdict !== 'wrong') await attempt.giveBack();
    // Stryker disable next-line ConditionalExpression: pin-judged-again
    if (verdict === 'right') this.proven.set(provenKey, pin);
    if (verdict === 'right') await this.holdOpen(device, pin);
    return verdict;
  }

  /**
   * A till is using the phone's right PIN: near its end, the PIN is given a fresh life, so the phone's
   * scheduled renewal keeps it and the till is not dropped (remote-pin.ts PIN_HOLD_MS; the phone learns
   * the new end from its renewal, gateway.service.ts issuePin). One small write every few minutes per
   * phone held open, none on the other polls.
   */
  private async holdOpen(device: Pick<DeviceRow, 'id' | 'pin_expires_at_ms'>, pin: string): Promise<void> {
    const now = this.clock.now();
    const expires = heldPinExpiry(device, now);
    if (expires !== null) await extendDevicePin(this.db.kysely, device.id, pin, now, expires);
  }

  /**
   * Judges against the device row as it is now, locked, so concurrent wrong tries are counted one by one
   * and none is judged against a PIN another has just ended.
   */
  private async judgeAndCount(
    deviceId: number,
    pin: string,
  ): Promise<{ verdict: PinVerdict; ended: boolean }> {
    const now = this.clock.now();
    return this.db.kysely.transaction().execute(async (tx) => {
      const current: DevicePin = await lockDevicePin(tx, this.db.dialect, deviceId);
      const verdict = judgePin(current, pin, now);
      // No live PIN: nothing to count a wrong try against (the throttle alone counts it). An expired PIN
      // stays in the row as it is: it is refused by its expiry wherever it is judged (remote-pin.ts), and
      // ending it would make it the previous PIN, so the PIN before it, which a terminal may still show,
      // would count as a wrong one. The phone's next PIN replaces it.
      if (!isPinLive(current, now)) return { verdict, ended: false };
      if (verdict !== 'wrong') return { verdict, ended: false };
      const failures = current.pin_failures + 1;
      if (failures >= PIN_MAX_WRONG) {
        await endDevicePin(tx, deviceId);
        return { verdict, ended: true };
      }
      await setPinFailures(tx, deviceId, failures);
      return { verdict, ended: false };
    });
  }
}
