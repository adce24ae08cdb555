// Every error text of the contract (packages/contract ERR) as a key of the `errors` catalogue: a cashier
// never reads a server's raw text ('wrong pin'), always a sentence in the screen's language. The record's
// type makes a new ERR text a compile error until it has a key; error-toast.test.ts checks that every key
// has its text in en, es and pt.
import { ERR, type ErrText } from '@cashdesk/contract';

export const ERR_KEYS: Readonly<Record<ErrText, string>> = {
  [ERR.validation]: 'validation',
  [ERR.unauthorized]: 'unauthorized',
  [ERR.forbidden]: 'forbidden',
  [ERR.noAccount]: 'noAccount',
  [ERR.userBlocked]: 'userBlocked',
  [ERR.userNotFound]: 'userNotFound',
  [ERR.hardBlock]: 'hardBlockAccount',
  [ERR.lightBlock]: 'lightBlockAccount',
  [ERR.notFound]: 'notFound',
  [ERR.deviceNotAvailable]: 'deviceNotAvailable',
  [ERR.pinChanged]: 'anotherCashier',
  [ERR.overdraft]: 'overdraft',
  [ERR.notEnoughMoney]: 'notEnoughMoney',
  [ERR.trxConflict]: 'trxConflict',
  [ERR.minAmount]: 'minAmount',
  [ERR.maxAmount]: 'maxAmount',
  [ERR.wrongPin]: 'wrongPin',
  [ERR.errorLinking]: 'errorLinking',
  [ERR.wrongPassword]: 'wrongPassword',
  [ERR.weakPassword]: 'weakPassword',
  [ERR.tooManyAttempts]: 'tooManyAttempts',
  [ERR.loginTaken]: 'loginTaken',
  [ERR.deviceHasMoney]: 'deviceHasMoney',
  [ERR.tillLocked]: 'tillLocked',
  [ERR.noOpenShift]: 'noOpenShift',
  [ERR.shiftAlreadyOpen]: 'shiftAlreadyOpen',
  [ERR.approvalDeclined]: 'approvalDeclined',
  [ERR.approvalExpired]: 'approvalExpired',
  [ERR.approvalWithdrawn]: 'approvalWithdrawn',
  [ERR.alreadyDecided]: 'alreadyDecided',
  [ERR.alreadyCorrected]: 'alreadyCorrected',
  [ERR.placeNoLongerHolds]: 'placeNoLongerHolds',
  [ERR.deviceMoved]: 'deviceMoved',
  [ERR.trxAmbiguous]: 'trxAmbiguous',
  [ERR.depositLimit]: 'depositLimit',
  // With `until` (error-toast.ts): 'playerExcluded', or 'playerExcludedIndefinitely' for null.
  [ERR.playerExcluded]: 'playerExcluded',
  [ERR.identityRequired]: 'identityRequired',
  [ERR.seatTaken]: 'seatTaken',
  [ERR.cardTaken]: 'cardTaken',
  // A client's own mistake (a request that is not JSON): nothing the cashier can correct.
  [ERR.unsupportedMediaType]: 'requestRefused',
  [ERR.internal]: 'internal',
};

/** Texts docs/product.md section 8 names that this server never sends ('negative balance'), read as their contract text. */
const ALIASES: Readonly<Record<string, ErrText>> = { 'negative balance': ERR.notEnoughMoney };

const KNOWN = new Set<string>(Object.values(ERR));

/** The contract text an answer's `err` stands for, or null for a text the contract does not know. */
export function contractErr(err: string | null): ErrText | null {
  if (err === null) return null;
  if (KNOWN.has(err)) return err as ErrText;
  return ALIASES[err] ?? null;
}
