// The error texts of docs/api.md: stable API, clients branch on them (docs/product.md section 8).
export const ERR = {
  validation: 'validation',
  unauthorized: 'unauthorized',
  forbidden: 'Forbidden',
  noAccount: 'user dont have account',
  userBlocked: 'user blocked',
  userNotFound: 'user not found',
  hardBlock: 'account is hard block home play',
  lightBlock: 'account is light block home play',
  notFound: 'not found',
  deviceNotAvailable: 'device not available',
  pinChanged: 'pin changed',
  overdraft: 'overdraft',
  notEnoughMoney: 'not enough money',
  trxConflict: 'trx conflict',
  minAmount: 'min transaction amount exceeded',
  maxAmount: 'max transaction amount exceeded',
  wrongPin: 'wrong pin',
  errorLinking: 'error linking the device',
  wrongPassword: 'wrong password',
  /** A new password that is common, is the login or holds it, or is the current one (+ `reason`). */
  weakPassword: 'weak password',
  tooManyAttempts: 'too many attempts',
  loginTaken: 'login taken',
  deviceHasMoney: 'device has money',
  tillLocked: 'till locked',
  /** A cashier's cash call without an open shift while the account uses shifts. */
  noOpenShift: 'no open shift',
  shiftAlreadyOpen: 'shift already open',
  unsupportedMediaType: 'unsupported media type',
  /** Four eyes (docs/product.md section 12): the manager declined the cashier's held-back call. */
  approvalDeclined: 'approval declined',
  /** Nobody decided the held-back call within 10 minutes. */
  approvalExpired: 'approval expired',
  /** The cashier withdrew the held-back call before a manager decided it. */
  approvalWithdrawn: 'approval withdrawn',
  /** A second decision of an approval (or a retraction after one): the first stands. */
  alreadyDecided: 'already decided',
  /** Corrections (docs/product.md section 13): the operation was corrected before. */
  alreadyCorrected: 'already corrected',
  /** A correction of a deposit the player already played away: the place no longer holds it. */
  placeNoLongerHolds: 'place no longer holds it',
  /**
   * A correction or an approved payout whose device has left the venue since: money never leaves its
   * venue (docs/product.md section 12), so nothing moves.
   */
  deviceMoved: 'device moved',
  /** A correction named by a trx that several of the venue's operations carry: name it by `operation_id`. */
  trxAmbiguous: 'trx ambiguous',
  /** Players (docs/product.md section 18): a deposit past what is left of the player's daily limit (+ `left`). */
  depositLimit: 'deposit limit exceeded',
  /** A deposit or transfer for a self-excluded player (+ `until`, null: indefinite). */
  playerExcluded: 'player excluded',
  /** A payout that takes the player past the venue's cash report threshold before name and document are recorded. */
  identityRequired: 'identity required',
  /** A seat holding another player's money: a deposit or transfer for this player goes elsewhere. */
  seatTaken: 'seat held by another player',
  /** A card the venue already issued to a player. */
  cardTaken: 'card taken',
  internal: 'Internal server error',
} as const;

export type ErrText = (typeof ERR)[keyof typeof ERR];

/**
 * HTTP status of each error text. Keyed by the texts themselves, not `[ERR.x]`: a bundle that leaves the
 * table out would keep every computed key's property read (the web's first load carried them all), and
 * `satisfies` still makes a missing or unknown text a compile error.
 */
export const ERR_STATUS: Readonly<Record<ErrText, number>> = {
  validation: 400,
  unauthorized: 401,
  Forbidden: 403,
  'user dont have account': 403,
  'user blocked': 403,
  'user not found': 403,
  'account is hard block home play': 403,
  'account is light block home play': 403,
  'not found': 404,
  'device not available': 406,
  'pin changed': 406,
  overdraft: 409,
  'not enough money': 422,
  'trx conflict': 422,
  'min transaction amount exceeded': 422,
  'max transaction amount exceeded': 422,
  'wrong pin': 422,
  'error linking the device': 422,
  'wrong password': 422,
  'weak password': 422,
  'too many attempts': 429,
  'login taken': 422,
  'device has money': 422,
  'till locked': 423,
  'no open shift': 403,
  'shift already open': 422,
  'unsupported media type': 415,
  'approval declined': 403,
  'approval expired': 403,
  'approval withdrawn': 403,
  'already decided': 409,
  'already corrected': 422,
  'place no longer holds it': 409,
  'device moved': 409,
  'trx ambiguous': 422,
  'deposit limit exceeded': 422,
  'player excluded': 403,
  'identity required': 428,
  'seat held by another player': 409,
  'card taken': 422,
  'Internal server error': 500,
} satisfies Record<ErrText, number>;

export interface ValidationIssue {
  path: string;
  message: string;
}

/** The body of every error answer: `{err, ...details}`. */
export type ErrorBody = { err: ErrText } & Record<string, unknown>;
