// Limits on the two gateway calls anyone may make with a device token or none: drawing a pairing PIN
// and enrolling (docs/security.md, "Device PINs"). A draw tells nothing about other devices' PINs
// (gateway.service.ts issuePin), so these limits bound load and the growth of the devices table, not
// what a guesser learns. Counted with the sign-in throttle's mechanism (auth/throttle.ts); every call
// counts (nothing is given back), and a network is an address's /24 or /64 (http/client-network.ts), so
// many addresses inside one venue's network share one budget.
import type { FastifyReply } from 'fastify';
import { AttemptThrottle, doublingRule, type ThrottlePolicy, tooManyAttempts } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { networkOf } from '../http/client-network.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const PIN_DRAW_POLICY: ThrottlePolicy<'device' | 'network'> = {
  windowMs: HOUR_MS,
  rules: {
    // A device draws every 10 minutes while it waits (PIN_TTL_MS), and again after a restart or a PIN
    // ended by wrong tries: 11 an hour go free, then 1 min, doubling, at most an hour.
    device: doublingRule(12, MINUTE_MS, HOUR_MS),
    // Every device behind one network: a floor of 100 waiting cabinets drawing every 10 minutes stays inside.
    network: doublingRule(600, MINUTE_MS, HOUR_MS),
  },
};

export const ENROLL_POLICY: ThrottlePolicy<'network'> = {
  windowMs: HOUR_MS,
  // A venue installing its cabinets enrolls tens in an hour; a script enrolling thousands is held.
  rules: { network: doublingRule(100, MINUTE_MS, HOUR_MS) },
};

export class GatewayThrottle {
  private readonly draws: AttemptThrottle<'device' | 'network'>;
  private readonly enrollments: AttemptThrottle<'network'>;

  constructor(db: Db, clock: Clock) {
    this.draws = new AttemptThrottle(db, clock, PIN_DRAW_POLICY);
    this.enrollments = new AttemptThrottle(db, clock, ENROLL_POLICY);
  }

  /** Counts a PIN draw of the device from the address; 429 while either key is locked. */
  async draw(reply: FastifyReply, deviceId: number, ip: string): Promise<void> {
    const decision = await this.draws.begin({
      device: `pin-draw:${deviceId}`,
      network: `pin-draw-net:${networkOf(ip)}`,
    });
    if (!decision.allowed) throw tooManyAttempts(reply, decision.retryAfterS);
  }

  /** Counts an enrollment from the address; 429 while its network is locked. */
  async enroll(reply: FastifyReply, ip: string): Promise<void> {
    const decision = await this.enrollments.begin({ network: `enroll-net:${networkOf(ip)}` });
    if (!decision.allowed) throw tooManyAttempts(reply, decision.retryAfterS);
  }
}
