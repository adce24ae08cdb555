// Tells the ledger's group commit which money calls are on their way to it, so batches fill: a call
// counts from the moment its request arrives until it reaches the ledger or ends without, so a batch
// about to start can wait a moment for the calls already parsed behind it (ledger/group-commit.ts)
// instead of leaving them to a batch of their own.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** What the ledger (ledger/ledger.service.ts) offers: it is told of a call, and told when it arrives. */
export interface ExpectsCalls {
  expectCall(): () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Tells the ledger the call has arrived (ExpectsCalls.expectCall); null once told, or never counted. */
    onTheWayToLedger: (() => void) | null;
  }
}

/**
 * Decorates every request of the app (the root instance, so that each routes plugin with a money route
 * shares it): call it before the routes are registered.
 */
export function installLedgerArrivals(app: FastifyInstance): void {
  app.decorateRequest('onTheWayToLedger', null);
}

/** Route hooks for a route whose handler submits to the ledger: spread them into its options. */
export function countedOnTheWayToLedger(ledger: ExpectsCalls) {
  return {
    onRequest(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
      request.onTheWayToLedger = ledger.expectCall();
      done();
    },
    // Refused before the handler (auth, validation), failed, or answered: either way not coming any more.
    onResponse(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
      reachesLedger(request);
      done();
    },
    onRequestAbort(request: FastifyRequest, done: HookHandlerDoneFunction) {
      reachesLedger(request);
      done();
    },
  };
}

/** The call is about to be submitted to the ledger (or will not be): the group commit waits for it no more. */
export function reachesLedger(request: FastifyRequest): void {
  const arrived = request.onTheWayToLedger;
  if (!arrived) return;
  request.onTheWayToLedger = null;
  arrived();
}
