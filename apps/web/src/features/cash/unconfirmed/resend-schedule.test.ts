// When an unconfirmed operation is sent again: backoff in this page, at once after a reload of this
// tab, and only once another tab's attempt must be over.
import { CASH_CALL_TIMEOUT_MS, POLL_INTERVAL_MS, POLL_WITH_PUSH_MS } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { OTHER_TAB_MARGIN_MS, RESEND_DELAYS_MS, resendDelayMs, resendDueAt } from './resend-schedule';
import type { UnconfirmedOperation } from './unconfirmed-operation';

const HERE = { tab: 'tab1', page: 'pageA' };
const T0 = 1_000_000;

function op(over: Partial<UnconfirmedOperation>) {
  return {
    attempts: 1,
    lastAttemptAt: T0,
    sentBy: 'tab1/pageA',
    problem: 'network' as UnconfirmedOperation['problem'],
    ...over,
  };
}

describe('resendDelayMs', () => {
  it('waits longer after each attempt and then keeps the last wait for ever', () => {
    expect(resendDelayMs(1)).toBe(RESEND_DELAYS_MS[0]);
    expect(resendDelayMs(2)).toBe(RESEND_DELAYS_MS[1]);
    const last = RESEND_DELAYS_MS[RESEND_DELAYS_MS.length - 1];
    expect(resendDelayMs(RESEND_DELAYS_MS.length)).toBe(last);
    expect(resendDelayMs(500)).toBe(last);
    for (let n = 1; n < RESEND_DELAYS_MS.length; n++) {
      expect(resendDelayMs(n + 1)).toBeGreaterThan(resendDelayMs(n));
    }
  });
});

describe('resendDueAt', () => {
  it('sends a never-sent operation now', () => {
    expect(resendDueAt(op({ attempts: 0, lastAttemptAt: null, problem: null, sentBy: '' }), HERE)).toBe(0);
  });

  it('backs off after an attempt of this page', () => {
    expect(resendDueAt(op({ attempts: 1 }), HERE)).toBe(T0 + RESEND_DELAYS_MS[0]!);
    expect(resendDueAt(op({ attempts: 3 }), HERE)).toBe(T0 + RESEND_DELAYS_MS[2]!);
    // A 401/423 in this page too: no tight loop while the frame is still up; after the sign-in it is past.
    expect(resendDueAt(op({ attempts: 2, problem: 'locked' }), HERE)).toBe(T0 + RESEND_DELAYS_MS[1]!);
  });

  it('sends at once after a reload of this tab: the attempt died with the page', () => {
    expect(resendDueAt(op({ sentBy: 'tab1/pageOld', problem: null }), HERE)).toBe(0);
    expect(resendDueAt(op({ sentBy: 'tab1/pageOld', problem: 'timeout' }), HERE)).toBe(0);
  });

  it("waits for another tab's attempt to be over", () => {
    expect(resendDueAt(op({ sentBy: 'tab2/pageB', problem: null }), HERE)).toBe(
      T0 + CASH_CALL_TIMEOUT_MS + OTHER_TAB_MARGIN_MS,
    );
    const late = op({ sentBy: 'tab2/pageB', attempts: 9 });
    expect(resendDueAt(late, HERE)).toBe(T0 + resendDelayMs(9));
  });

  it('asks a payout held for a manager again every poll period, slower while decisions are pushed', () => {
    const held = op({ attempts: 40, problem: 'approval' });
    expect(resendDueAt(held, HERE)).toBe(T0 + POLL_INTERVAL_MS);
    expect(resendDueAt(held, HERE, true)).toBe(T0 + POLL_WITH_PUSH_MS);
    // No backoff to the minute: it expires in 10 minutes anyway, and the cashier waits at the till.
    expect(resendDueAt(op({ attempts: 2, problem: 'approval' }), HERE)).toBe(T0 + POLL_INTERVAL_MS);
  });

  it("sends another tab's operation held by a 401/423 at once (that attempt is over)", () => {
    expect(resendDueAt(op({ sentBy: 'tab2/pageB', problem: 'session' }), HERE)).toBe(0);
  });
});
