// Domain vocabulary shared by server, web and simulator: roles, restrictions, modules, colours, event types.

export const ROLES = ['admin', 'manager', 'cashier'] as const;
export type Role = (typeof ROLES)[number];

/** Restrictions of docs/product.md section 6. */
export const RESTRICTIONS = [
  'can_edit_device',
  'can_register_new_device',
  'can_view_history_reports',
  'disable_daily_total',
  'can_cashier_view_account_balance',
  'hide_cashier_view_account_balance',
  'can_cashier_view_account_overdraft',
  'disable_support_widget',
] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

export const RESTRICTION_DESCRIPTIONS: Record<Restriction, string> = {
  can_edit_device: 'Edit devices; see the Hidden tab and the edit pen.',
  can_register_new_device: 'Add a device.',
  can_view_history_reports: 'See History in the menu; open /history.',
  disable_daily_total: 'Hides deposit and withdraw totals.',
  can_cashier_view_account_balance: 'Float shown (with has_overdraft and an overdraft value).',
  hide_cashier_view_account_balance: 'Hides the float.',
  can_cashier_view_account_overdraft: 'Float shown as balance plus overdraft; otherwise balance only.',
  disable_support_widget: 'Removes the support chat widget.',
};

/** Game modules: 1 Rocket Game (pilot), 5 Fruit Game, 7 frog; anything else is 0. */
export const MODULES = { none: 0, rocket: 1, fruit: 5, frog: 7 } as const;
export type Module = (typeof MODULES)[keyof typeof MODULES];
export function normalizeModule(value: number): Module {
  return value === 1 || value === 5 || value === 7 ? value : 0;
}

export const PLACE_COLOURS = ['yellow', 'blue', 'orange', 'purple', 'green', 'red', 'cyan', 'black'] as const;
export type PlaceColour = (typeof PLACE_COLOURS)[number];
export const MAX_PLACES = PLACE_COLOURS.length;
export function colourOfPlace(place: number): PlaceColour {
  return PLACE_COLOURS[(place - 1) % PLACE_COLOURS.length] ?? 'yellow';
}

export const DEVICE_TYPE = { regular: 0, remote: 1 } as const;
export type DeviceType = (typeof DEVICE_TYPE)[keyof typeof DEVICE_TYPE];

/** Transaction types of docs/product.md section 4 (remote history and device events). */
export const TX_TYPE = {
  deposit: 0,
  withdraw: 1,
  win: 2,
  pay: 3,
  jackpot: 4,
  cancelPay: 6,
  finalBonus: 7,
  cjackpot: 11,
  gjackpot: 12,
  rjackpot: 13,
  luckyBet: 14,
  cancelledLuckyBet: 15,
} as const;
export type TxType = (typeof TX_TYPE)[keyof typeof TX_TYPE];

/** Event types a device may send through the gateway (deposit and withdraw are cashier-only). */
export const DEVICE_EVENT_TYPES = [2, 3, 4, 6, 7, 11, 12, 13, 14, 15] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];
/** Types that are hidden from cashiers. */
export const HIDDEN_TX_TYPES: readonly number[] = [14, 15];

/**
 * A login as stored and shown: Unicode NFKC (full-width and other look-alike forms folded) without
 * surrounding white space, so `"admin "` or `"ａｄｍｉｎ"` is the login `admin`.
 */
export function normaliseLogin(login: string): string {
  return login.normalize('NFKC').trim();
}

/**
 * No white space, control, format or other invisible characters inside a login (they hide look-alikes):
 * Unicode's default-ignorable code points (the combining grapheme joiner U+034F, Khmer's inherent vowels
 * U+17B4 and U+17B5, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, variation selectors), and
 * the blanks that are none of these, the Braille blank U+2800 and the null notehead U+1D159.
 */
export const LOGIN_CHARACTERS = /^[^\s\p{C}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]+$/u;
