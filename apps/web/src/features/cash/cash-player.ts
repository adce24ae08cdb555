// The player a cash call is for (contract "Players"), as the till's player feature (features/players)
// hands it to the cash modal: the modal names them, sends their `player_id`, refuses a deposit while they
// are excluded, and when a payout waits for their identity (428 `identity required`) shows the player
// feature's identity form, then sends the same call again. The cash feature knows no more of players.
export interface CashPlayer {
  id: number;
  card: string;
  name: string | null;
  excluded: boolean;
  /** The exclusion's last day (ISO), null for indefinite. */
  excluded_until: string | null;
  /** What was left of the daily limit when the card was read (cents); null: no limit. */
  limit_left: number | null;
}

/** The player feature's form that records a player's identity (name, document, birth date). */
export interface IdentityFormProps {
  playerId: number;
  /** Recorded: the payout that asked for it is sent again. */
  onSaved(): void;
  onCancel(): void;
}

/** The player of a 428: the one the answer names (a seat's player the till did not read), else the served one. */
export function identityPlayerOf(details: Record<string, unknown>, served: CashPlayer | null): number | null {
  const named = details.player_id;
  if (typeof named === 'number' && Number.isSafeInteger(named) && named > 0) return named;
  return served?.id ?? null;
}
