import { describe, expect, it } from 'vitest';
import { playerSearchText, searchFold } from './search-text.js';

describe('searchFold', () => {
  it('folds case and accents of Spanish and Portuguese names, and compatibility forms', () => {
    expect(searchFold('José Núñez')).toBe('jose nunez');
    expect(searchFold('JOÃO CONCEIÇÃO')).toBe('joao conceicao');
    expect(searchFold('Ａｎａ')).toBe('ana');
    expect(searchFold('İlkay')).toBe('ilkay');
  });

  it('leaves letters without a mark, digits and punctuation as they are', () => {
    expect(searchFold('ZZ-100 % _')).toBe('zz-100 % _');
    expect(searchFold('ß')).toBe('ß');
  });
});

describe('playerSearchText', () => {
  it('holds the card, the name and the document number folded, a line each, empty where none', () => {
    expect(playerSearchText({ card: 'CARD-Ñ1', name: 'María', document_number: null })).toBe(
      'card-n1\nmaria\n',
    );
  });
});
