// What a typed search matches (the back office's player search, docs/back-office.md "Players"): both the
// text searched and what is typed with case and accents folded, the same on either database and in the
// browser. A database's `lower` would not do: SQLite's folds only A-Z, PostgreSQL's follows the locale.
// So a Spanish or Portuguese venue's "jose" finds José, "MARIA" finds María and "joao" finds João.

/** `text` with case and accents folded: compatibility forms taken apart (NFKD), marks dropped, lower case. */
export function searchFold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What a player is found by, folded: the card, the name and the document number, a line each. */
export function playerSearchText(player: {
  card: string;
  name: string | null;
  document_number: string | null;
}): string {
  return [player.card, player.name ?? '', player.document_number ?? ''].map(searchFold).join('\n');
}
