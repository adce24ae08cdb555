// The till's check of a card is the contract's (packages/contract/src/players.ts `playerCard`): what one
// accepts the other does, so the till never refuses a card the server would take, nor sends one it refuses.
import { playerCard } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { cardOf } from './card-number';

const SAMPLES = [
  '0001',
  'A-1234',
  '  4929 ',
  'CARD:00042',
  'v1.card_77',
  '123',
  '',
  'card 42',
  'https://venue.example/card/42',
  'ñandú-42',
  'x'.repeat(64),
  'x'.repeat(65),
  '12\n34',
];

describe('cardOf', () => {
  it.each(SAMPLES)('agrees with the contract on %j', (text) => {
    const contract = playerCard.safeParse(text);
    expect(cardOf(text)).toBe(contract.success ? contract.data : null);
  });

  it('takes a card typed with spaces around it, and refuses a web address read from a QR code', () => {
    expect(cardOf('  A-1234 ')).toBe('A-1234');
    expect(cardOf('https://venue.example/card/42')).toBeNull();
  });
});
