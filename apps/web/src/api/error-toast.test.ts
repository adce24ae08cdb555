// Every error a cashier can see is a catalogue text in en, es and pt: each contract error text (ERR),
// with whatever call asked and the status the server answers it with, and any text the contract does not
// know, which reads 'Unknown error, contact technical support'. Never the server's own words.
import { ERR, ERR_STATUS, LANGUAGES, type ErrText } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { allResources } from '../i18n/all-resources';
import type { Namespace } from '../i18n/resources';
import type { Toast } from '../store/toasts-slice';
import type { ApiFailure } from './api-error';
import { errorToast, type CallKind } from './error-toast';
import { ERR_KEYS } from './error-texts';

const CALLS: CallKind[] = ['default', 'signIn', 'remote', 'me'];

/** The figures an answer carries with some texts (contract: overdraft, limits, retry_after, players). */
const DETAILS: Record<string, unknown> = {
  balance: -1_000_00,
  overdraft: 500_00,
  min_amount: 1_00,
  max_amount: 5000_00,
  retry_after: 30,
  left: 150_00,
  until: '2026-12-31',
};

const failure = (err: string | null, status: ApiFailure['status'], details = DETAILS): ApiFailure => ({
  status,
  err,
  details,
});

/** The toast's sentence in a language, its {{values}} filled in; throws on a missing key or value. */
function sentence(toast: Toast, lng: (typeof LANGUAGES)[number]): string {
  const [ns, ...path] = toast.key.split(':').join('.').split('.');
  let node: unknown = allResources[lng][ns as Namespace];
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string' || node.trim() === '') throw new Error(`${lng}: no text for ${toast.key}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => {
    const value = toast.params?.[name];
    if (value === undefined) throw new Error(`${lng}: ${toast.key} needs {{${name}}}`);
    return String(value);
  });
}

const EVERY_ERR = Object.values(ERR) as ErrText[];

describe('error toasts', () => {
  it('has a catalogue key for every contract error text', () => {
    expect(Object.keys(ERR_KEYS).sort()).toEqual([...EVERY_ERR].sort());
  });

  describe.each(EVERY_ERR)('%s', (err) => {
    it.each(CALLS)('reads as a catalogue sentence in en, es and pt (call %s)', (call) => {
      const toast = errorToast(failure(err, ERR_STATUS[err]), call);
      expect(toast.kind).toBe('error');
      expect(toast.key).toMatch(/^errors:/);
      expect(toast).not.toHaveProperty('text');
      for (const lng of LANGUAGES) {
        const text = sentence(toast, lng);
        expect(text, `${lng} ${call}`).not.toContain('?');
        // 'Internal server error' is the product's own sentence for that text; every other is rewritten.
        if (err !== ERR.internal) expect(text).not.toBe(err);
      }
      if (ERR_STATUS[err] !== 401) expect(toast.key).not.toBe('errors:unknown');
    });
  });

  // Each text its own sentence (the hard-block text showing the light-block sentence once passed every
  // test): what a cashier reads in English for each contract text, from any call.
  const ENGLISH: Readonly<Record<ErrText, string>> = {
    [ERR.validation]: 'Some values were not accepted, check them and try again',
    [ERR.unauthorized]: 'Your session has expired. Please log in again.',
    [ERR.forbidden]: 'Forbidden: you do not have permission for this',
    [ERR.noAccount]: 'User does not have an account',
    // Any call but sign-in: the user was blocked while signed in (sign-in's own toast is below).
    [ERR.userBlocked]: 'You have been blocked and signed out. Ask your manager.',
    [ERR.userNotFound]: 'User not found, check login/password',
    [ERR.hardBlock]: 'Sorry, remote devices are blocked',
    [ERR.lightBlock]: 'Sorry, remote devices are available for withdraw only',
    [ERR.notFound]: 'Not found: it may have been removed, refresh the screen',
    [ERR.deviceNotAvailable]: 'The device is not available',
    [ERR.pinChanged]: 'The PIN has been changed or used at another cashdesk',
    [ERR.overdraft]: 'Not enough float for this deposit: the float is -500.00',
    [ERR.notEnoughMoney]: "Sorry, player's balance isn't enough for this operation",
    [ERR.trxConflict]: 'This operation was already sent with other values, start it again',
    [ERR.minAmount]: 'The amount is below the minimum of 1.00',
    [ERR.maxAmount]: 'The amount is above the maximum of 5000.00',
    [ERR.wrongPin]: 'Wrong PIN, check the PIN shown on the device',
    [ERR.errorLinking]: 'The device cannot be linked, please contact technical support.',
    [ERR.wrongPassword]: 'Wrong password, try again',
    [ERR.weakPassword]: 'Choose another password: this one is too easy to guess',
    [ERR.tooManyAttempts]: 'Too many attempts, try again in 30 s',
    [ERR.loginTaken]: 'This login is already taken',
    [ERR.deviceHasMoney]: 'A place of this device still holds player money: cash it out first',
    [ERR.tillLocked]: 'The till is locked',
    [ERR.noOpenShift]: 'No shift is open: count the drawer and open a shift to continue',
    [ERR.shiftAlreadyOpen]: 'A shift is already open',
    [ERR.approvalDeclined]: 'A manager declined this payout',
    [ERR.approvalExpired]: 'No manager approved this payout within 10 minutes: start it again',
    [ERR.approvalWithdrawn]: 'This payout request was withdrawn',
    [ERR.alreadyDecided]: 'This request was already decided',
    [ERR.alreadyCorrected]: 'This operation was already corrected',
    [ERR.placeNoLongerHolds]: 'The place no longer holds this money: it was played',
    [ERR.deviceMoved]: 'The device has left this venue: nothing moved',
    [ERR.trxAmbiguous]: 'Several operations have this id: choose one',
    [ERR.depositLimit]: "Over the player's daily deposit limit: 150.00 left today",
    [ERR.playerExcluded]: 'The player is excluded until 2026-12-31: no deposit or transfer can be made',
    [ERR.identityRequired]: "Identity required: record the player's name and document before this payout",
    [ERR.seatTaken]: "This seat holds another player's money: use another seat",
    [ERR.cardTaken]: 'This card is already issued to another player',
    [ERR.unsupportedMediaType]: 'The request was refused, contact technical support',
    [ERR.internal]: 'Internal server error',
  };
  it.each(EVERY_ERR)('shows the sentence of %s, and no other text shows it', (err) => {
    expect(sentence(errorToast(failure(err, ERR_STATUS[err])), 'en')).toBe(ENGLISH[err]);
    const same = EVERY_ERR.filter((other) => ENGLISH[other] === ENGLISH[err]);
    expect(same).toEqual([err]);
  });

  it("says 'User blocked' at sign-in, and that the session ended by the block on any other call", () => {
    expect(sentence(errorToast(failure(ERR.userBlocked, 403), 'signIn'), 'en')).toBe('User blocked');
    for (const call of ['default', 'remote', 'me'] as const) {
      expect(errorToast(failure(ERR.userBlocked, 403), call).key).toBe('errors:sessionBlocked');
    }
  });

  // The money errors a cashier or manager meets most, pinned in Spanish and Portuguese as well: a
  // catalogue edit that loses a figure or swaps two sentences fails here, not at the till.
  const MONEY: ReadonlyArray<readonly [string, ApiFailure, string, string]> = [
    [
      'overdraft',
      failure(ERR.overdraft, 409),
      'Fondo insuficiente para este depósito: el fondo es -500.00',
      'Fundo insuficiente para este depósito: o fundo é -500.00',
    ],
    [
      'not enough money',
      failure(ERR.notEnoughMoney, 422),
      'Lo sentimos, el saldo del jugador no es suficiente para esta operación',
      'Desculpe, o saldo do jogador não é suficiente para esta operação',
    ],
    [
      'min amount',
      failure(ERR.minAmount, 422),
      'El importe está por debajo del mínimo de 1.00',
      'O valor está abaixo do mínimo de 1.00',
    ],
    [
      'max amount',
      failure(ERR.maxAmount, 422),
      'El importe está por encima del máximo de 5000.00',
      'O valor está acima do máximo de 5000.00',
    ],
    [
      'trx conflict',
      failure(ERR.trxConflict, 422),
      'Esta operación ya se envió con otros valores, vuelva a empezarla',
      'Esta operação já foi enviada com outros valores, comece-a novamente',
    ],
    [
      'approval declined',
      failure(ERR.approvalDeclined, 403),
      'Un gerente rechazó este pago',
      'Um gerente recusou este pagamento',
    ],
    [
      'approval expired',
      failure(ERR.approvalExpired, 403),
      'Ningún gerente aprobó este pago en 10 minutos: vuelva a iniciarlo',
      'Nenhum gerente aprovou este pagamento em 10 minutos: inicie-o novamente',
    ],
    [
      'approval withdrawn',
      failure(ERR.approvalWithdrawn, 403),
      'Esta solicitud de pago fue retirada',
      'Este pedido de pagamento foi retirado',
    ],
    [
      'already decided',
      failure(ERR.alreadyDecided, 409),
      'Esta solicitud ya tiene una decisión',
      'Este pedido já foi decidido',
    ],
    [
      'already corrected',
      failure(ERR.alreadyCorrected, 422),
      'Esta operación ya fue corregida',
      'Esta operação já foi corrigida',
    ],
    [
      'place no longer holds it',
      failure(ERR.placeNoLongerHolds, 409),
      'El puesto ya no tiene este dinero: ya se jugó',
      'O lugar não tem mais este dinheiro: ele já foi jogado',
    ],
    [
      'device moved',
      failure(ERR.deviceMoved, 409),
      'Este dispositivo ya no pertenece al local: no se movió nada',
      'Este dispositivo não pertence mais ao local: nenhum valor foi movimentado',
    ],
    [
      'trx ambiguous',
      failure(ERR.trxAmbiguous, 422),
      'Este id de transacción corresponde a varias operaciones: elija cuál',
      'Este id de transação corresponde a várias operações: escolha qual',
    ],
    [
      'deposit limit exceeded',
      failure(ERR.depositLimit, 422),
      'Supera el límite diario de depósito del jugador: quedan 150.00 hoy',
      'Acima do limite diário de depósito do jogador: restam 150.00 hoje',
    ],
    [
      'player excluded',
      failure(ERR.playerExcluded, 403),
      'El jugador está excluido hasta el 2026-12-31: no se puede hacer ningún depósito ni traspaso',
      'O jogador está excluído até 2026-12-31: nenhum depósito ou transferência pode ser feito',
    ],
    [
      'identity required',
      failure(ERR.identityRequired, 428),
      'Identidad requerida: registre el nombre y el documento del jugador antes de este pago',
      'Identidade obrigatória: registre o nome e o documento do jogador antes deste pagamento',
    ],
  ];
  it.each(MONEY)('says %s in Spanish and Portuguese', (_name, given, es, pt) => {
    const toast = errorToast(given);
    expect(sentence(toast, 'es')).toBe(es);
    expect(sentence(toast, 'pt')).toBe(pt);
  });

  it("names what is left of the player's limit, and until when (or that it is indefinite) they are excluded, until read", () => {
    const limit = errorToast(failure(ERR.depositLimit, 422, { left: 0 }));
    expect(sentence(limit, 'en')).toBe("Over the player's daily deposit limit: 0.00 left today");
    const indefinite = errorToast(failure(ERR.playerExcluded, 403, { until: null }));
    expect(sentence(indefinite, 'en')).toBe(
      'The player is excluded indefinitely: no deposit or transfer can be made',
    );
    expect(sentence(indefinite, 'es')).toBe(
      'El jugador está excluido indefinidamente: no se puede hacer ningún depósito ni traspaso',
    );
    for (const [err, status] of [
      [ERR.depositLimit, 422],
      [ERR.playerExcluded, 403],
      [ERR.identityRequired, 428],
      [ERR.seatTaken, 409],
    ] as const) {
      expect(errorToast(failure(err, status)).sticky, err).toBe(true);
    }
  });

  it('never shows a text the contract does not know: the product fallback instead', () => {
    for (const status of [400, 403, 404, 418, 422, 502] as const) {
      const toast = errorToast(failure('some new server text', status));
      expect(toast.key).toBe('errors:unknown');
      expect(sentence(toast, 'en')).toBe('Unknown error, contact technical support');
      expect(sentence(toast, 'es')).toBe('Error desconocido, contacte con el soporte técnico');
      expect(sentence(toast, 'pt')).toBe('Erro desconhecido, contate o suporte técnico');
    }
    expect(errorToast(failure(null, 400)).key).toBe('errors:unknown');
  });

  it("reads a 409 as the overdraft only when it says overdraft, or says nothing (the spec's bare 409)", () => {
    expect(errorToast(failure(ERR.deviceMoved, 409)).key).toBe('errors:deviceMoved');
    expect(errorToast(failure(ERR.placeNoLongerHolds, 409)).key).toBe('errors:placeNoLongerHolds');
    expect(errorToast(failure(ERR.alreadyDecided, 409)).key).toBe('errors:alreadyDecided');
    expect(errorToast(failure('some new conflict', 409)).key).toBe('errors:unknown');
    expect(errorToast(failure(null, 409)).key).toBe('errors:overdraft');
  });

  it("says 'wrong pin' as a sentence in the cashier's language", () => {
    const toast = errorToast(failure(ERR.wrongPin, 422), 'remote');
    expect(sentence(toast, 'en')).toBe('Wrong PIN, check the PIN shown on the device');
    expect(sentence(toast, 'es')).toBe('PIN incorrecto, compruebe el PIN que muestra el dispositivo');
    expect(sentence(toast, 'pt')).toBe('PIN incorreto, verifique o PIN exibido no dispositivo');
  });

  it('fills the figures docs/product.md names in', () => {
    expect(sentence(errorToast(failure(ERR.overdraft, 409)), 'en')).toBe(
      'Not enough float for this deposit: the float is -500.00',
    );
    expect(sentence(errorToast(failure(null, 409)), 'en')).toBe(
      'Not enough float for this deposit: the float is -500.00',
    );
    expect(sentence(errorToast(failure(ERR.minAmount, 422)), 'en')).toBe(
      'The amount is below the minimum of 1.00',
    );
    expect(sentence(errorToast(failure(ERR.tooManyAttempts, 429), 'signIn'), 'en')).toBe(
      'Too many attempts, try again in 30 s',
    );
    expect(sentence(errorToast(failure(ERR.overdraft, 409, {})), 'en')).toBe(
      'Not enough float for this deposit: the float is ?',
    );
  });

  it("leaves out of the overdraft toast the float figures the cashier's restrictions hide (sent as null)", () => {
    const hidden = errorToast(failure(ERR.overdraft, 409, { balance: null, overdraft: null }));
    expect(sentence(hidden, 'en')).toBe('Not enough float for this deposit');
    expect(sentence(hidden, 'es')).toBe('Fondo insuficiente para este depósito');
    expect(sentence(hidden, 'pt')).toBe('Fundo insuficiente para este depósito');
    const balanceOnly = errorToast(failure(ERR.overdraft, 409, { balance: 89_00, overdraft: null }));
    expect(sentence(balanceOnly, 'en')).toBe('Not enough float for this deposit: the float is 89.00');
  });

  it('names the float as the navigation bar shows it: the balance plus the overdraft the cashier sees', () => {
    // A float 369.78 into its overdraft of 1000.00: the bar shows 630.22, and so does the refusal.
    const refused = failure(ERR.overdraft, 409, { balance: -369_78, overdraft: 1000_00 });
    expect(sentence(errorToast(refused), 'en')).toBe(
      'Not enough float for this deposit: the float is 630.22',
    );
    expect(sentence(errorToast(refused), 'es')).toBe(
      'Fondo insuficiente para este depósito: el fondo es 630.22',
    );
    // Without the overdraft restriction the bar shows the balance alone, and so does the refusal.
    const balanceOnly = failure(ERR.overdraft, 409, { balance: -369_78, overdraft: null });
    expect(sentence(errorToast(balanceOnly), 'pt')).toBe(
      'Fundo insuficiente para este depósito: o fundo é -369.78',
    );
  });

  it('keeps the messages a person must read until closed: limits, the overdraft, a weak password', () => {
    const mustRead = [
      failure(ERR.minAmount, 422),
      failure(ERR.maxAmount, 422),
      failure(ERR.overdraft, 409),
      failure(null, 409),
      failure(ERR.overdraft, 409, { balance: null, overdraft: null }),
      failure(ERR.weakPassword, 422, { reason: 'common' }),
      failure(ERR.weakPassword, 422, {}),
    ];
    for (const refused of mustRead) expect(errorToast(refused).sticky, String(refused.err)).toBe(true);
    const passing = [
      failure(ERR.notEnoughMoney, 422),
      failure(ERR.tooManyAttempts, 429),
      failure(ERR.wrongPassword, 422),
      failure(ERR.deviceMoved, 409),
      failure(null, 'network'),
      failure('timeout', 'network'),
    ];
    for (const refused of passing) expect(errorToast(refused).sticky, String(refused.err)).toBeUndefined();
  });

  it('says why a new password was refused, in every language', () => {
    const weak = (reason: unknown) => errorToast(failure(ERR.weakPassword, 422, { reason }));
    expect(sentence(weak('common'), 'en')).toBe(
      'Choose another password: this one is among the most common passwords',
    );
    expect(sentence(weak('login'), 'en')).toBe('Choose another password: it must not contain your login');
    expect(sentence(weak('current'), 'en')).toBe(
      'Choose another password: the new one must differ from the current one',
    );
    expect(sentence(weak('guessable'), 'en')).toBe(
      'Choose another password: repeats, sequences, keyboard patterns and words with digits are easy to guess. A few unrelated words are stronger',
    );
    expect(sentence(weak('something new'), 'en')).toBe(
      'Choose another password: this one is too easy to guess',
    );
    for (const lng of LANGUAGES) {
      const reasons = ['common', 'login', 'guessable', 'current', undefined];
      const texts = reasons.map((reason) => sentence(weak(reason), lng));
      expect(new Set(texts).size, lng).toBe(5);
    }
  });

  it("tells a 401 of the user query as 'unauthorized' and any other 401 as an expired session", () => {
    expect(errorToast(failure(ERR.unauthorized, 401), 'me').key).toBe('errors:unauthorized');
    expect(errorToast(failure(ERR.unauthorized, 401)).key).toBe('errors:cookieExpired');
    expect(errorToast(failure(ERR.unauthorized, 401), 'remote').key).toBe('errors:cookieExpired');
  });

  it("reads the product's 'negative balance' as not enough money, and a 500 on sign-in as 'try again later'", () => {
    expect(errorToast(failure('negative balance', 422)).key).toBe('errors:notEnoughMoney');
    expect(errorToast(failure(ERR.internal, 500), 'signIn').key).toBe('errors:internalLogin');
    expect(errorToast(failure(null, 500)).key).toBe('errors:internal');
    expect(errorToast(failure('timeout', 'network')).key).toBe('errors:timeout');
    expect(errorToast(failure(null, 'network')).key).toBe('errors:network');
  });
});
