// The players' parts the till shows on a click, in one chunk (index.ts loads it once, for any of them, and
// the devices screen fetches it at idle): the player card, the bar naming the served player, and the
// identity form a payout may ask for. One chunk, not three: each chunk costs the devices screen's first
// load its loader and its name (e2e/web-budget.e2e.test.ts), and the three are used together.
export { PlayerIdentityForm } from './identity-form';
export { PlayerCardModal } from './player-card-modal';
export { TillPlayerBar } from './till-player-bar';
