// The players' public entry: the venue's Players tab (search, a player's identity, limit and exclusion),
// and how a document is written, which the cash report shows too.
export { PlayersView } from './players-view';
export { documentText } from './player-texts';
