// The history feature's public entry: the /history route. The page itself (history-page.tsx) is a chunk
// of its own, loaded by the route when first opened, and is never exported here.
export { HistoryRoute } from './history-route';
