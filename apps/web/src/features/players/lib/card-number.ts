// What the till accepts as a card: the number the venue prints on it, or the text of its QR code (the
// same), as packages/contract/src/players.ts `playerCard` has it. Checked here before any call, so a
// mistyped card or a QR code that is not one of the venue's (a web address) is said at once, without a
// round trip; card-number.test.ts holds the two rules together.
const CARD = /^[A-Za-z0-9._:-]{4,64}$/;

/** The card in `text` (typed, pasted or read from a QR code), or null when it is not one. */
export function cardOf(text: string): string | null {
  const card = text.trim();
  return CARD.test(card) ? card : null;
}
