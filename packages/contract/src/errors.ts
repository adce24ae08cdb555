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
  /** A second decision of an approval (or a withdrawal after one): the first stands. */
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
  internal: 'Internal server error',
} as const;

export type ErrText = (typeof ERR)[keyof typeof ERR];

/** HTTP status of each error text. */
export const ERR_STATUS: Record<ErrText, number> = {
  [ERR.validation]: 400,
  [ERR.unauthorized]: 401,
  [ERR.forbidden]: 403,
  [ERR.noAccount]: 403,
  [ERR.userBlocked]: 403,
  [ERR.userNotFound]: 403,
  [ERR.hardBlock]: 403,
  [ERR.lightBlock]: 403,
  [ERR.notFound]: 404,
  [ERR.deviceNotAvailable]: 406,
  [ERR.pinChanged]: 406,
  [ERR.overdraft]: 409,
  [ERR.notEnoughMoney]: 422,
  [ERR.trxConflict]: 422,
  [ERR.minAmount]: 422,
  [ERR.maxAmount]: 422,
  [ERR.wrongPin]: 422,
  [ERR.errorLinking]: 422,
  [ERR.wrongPassword]: 422,
  [ERR.weakPassword]: 422,
  [ERR.tooManyAttempts]: 429,
  [ERR.loginTaken]: 422,
  [ERR.deviceHasMoney]: 422,
  [ERR.tillLocked]: 423,
  [ERR.noOpenShift]: 403,
  [ERR.shiftAlreadyOpen]: 422,
  [ERR.unsupportedMediaType]: 415,
  [ERR.approvalDeclined]: 403,
  [ERR.approvalExpired]: 403,
  [ERR.approvalWithdrawn]: 403,
  [ERR.alreadyDecided]: 409,
  [ERR.alreadyCorrected]: 422,
  [ERR.placeNoLongerHolds]: 409,
  [ERR.deviceMoved]: 409,
  [ERR.trxAmbiguous]: 422,
  [ERR.internal]: 500,
};

export interface ValidationIssue {
  path: string;
  message: string;
}

/** The body of every error answer: `{err, ...details}`. */
export type ErrorBody = { err: ErrText } & Record<string, unknown>;
