// The players domain's entry: what other domains use of it, lint refusing their reaching further in. The
// ledger's batch locks and writes players by the repository's statements and decides by the rules; the
// routes are composed by app.ts: they use the ledger, so exporting them here would tie the ledger's batch
// in a circle back to itself.
export {
  lockPlayersStatement,
  setPlayersDayStatement,
  setSeatPlayersStatement,
} from './players.repository.js';
export {
  afterCash,
  dailyLimitOf,
  dayFigures,
  depositRefusal,
  exclusionOn,
  identityRecorded,
  limitChange,
  limitLeft,
  needsIdentity,
  pendingRaise,
  playerDayOf,
  seatPlayer,
  type PlayerRefusal,
} from './player-rules.js';
