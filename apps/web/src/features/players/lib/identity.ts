// A player's identity as the till's forms hold it (text as typed) and as the contract takes it
// (`playerIdentity`, packages/contract/src/players.ts): trimmed, a field left empty not sent. The report
// threshold asks for a name and a document (kind and number) before a payout passes it; the birth date
// is kept when given.
import type { PlayerIdentity } from '@cashdesk/contract';

export interface IdentityValues {
  name: string;
  document_kind: string;
  document_number: string;
  /** YYYY-MM-DD, as a date input gives it, or empty. */
  birth_date: string;
}

export const EMPTY_IDENTITY: IdentityValues = {
  name: '',
  document_kind: '',
  document_number: '',
  birth_date: '',
};

/** The kinds of document the till offers (stored as these codes; the screens show them translated). */
export const DOCUMENT_KINDS = [
  'id_card',
  'passport',
  'driving_licence',
  'residence_permit',
  'other',
] as const;

export type IdentityProblem = 'required' | 'futureBirthDate';
export type IdentityProblems = Partial<Record<keyof IdentityValues, IdentityProblem>>;

/** The fields to send: each typed one, trimmed; the empty ones left out (not cleared). */
export function identityRequestOf(values: IdentityValues): PlayerIdentity {
  const out: PlayerIdentity = {};
  for (const key of ['name', 'document_kind', 'document_number', 'birth_date'] as const) {
    const value = values[key].trim();
    if (value !== '') out[key] = value;
  }
  return out;
}

/**
 * What keeps the form from being sent: with `complete`, a missing name, document kind or number (what a
 * payout past the report threshold needs); always, a birth date after `today` (YYYY-MM-DD).
 */
export function identityProblems(values: IdentityValues, complete: boolean, today: string): IdentityProblems {
  const problems: IdentityProblems = {};
  if (complete) {
    for (const key of ['name', 'document_kind', 'document_number'] as const) {
      if (values[key].trim() === '') problems[key] = 'required';
    }
  }
  if (values.birth_date !== '' && values.birth_date > today) problems.birth_date = 'futureBirthDate';
  return problems;
}

/** Today's date where the till is, as YYYY-MM-DD (a date input's value). */
export function localToday(now: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
