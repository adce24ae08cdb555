// Tells the ledger's group commit which money calls are on their way to it, so batches fill: a call
// counts from the moment its request arrives until it reaches the ledger or ends without, so a batch
// about to start can wait a moment for the calls already parsed behind it (ledger/group-commit.ts)
// instead of leaving them to a batch of their own.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** What the ledger (ledger/ledger.service.ts) offers: it is told of a call, and told when it arrives. */
export interface ExpectsCalls {
  expectCall(): () => void;
}

const onTheWay = new WeakMap<FastifyRequest, () => void>();

/** Route hooks for a route whose handler submits to the ledger: spread them into its options. */
export function countedOnTheWayToLedger(ledger: ExpectsCalls) {
  return {
    onRequest(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
      onTheWay.set(request, ledger.expectCall());
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
  const arrived = onTheWay.get(request);
  if (!arrived) return;
  onTheWay.delete(request);
  arrived();
}
