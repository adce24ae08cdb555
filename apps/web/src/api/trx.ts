// The client generates each money or linking call's transaction id and keeps it until the answer is
// known (contract: idempotency); a new user action gets a new one.
export function newTrx(): string {
  return crypto.randomUUID();
}
