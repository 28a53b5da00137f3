import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailKey } from './emails';

/** Strings rich in the characters whose case mapping is not one-to-one, beside any Unicode at all. */
const tricky = [
  'Σ',
  'σ',
  'ς',
  'İ',
  'ı',
  'i',
  'I',
  'ß',
  'ẞ',
  'K',
  'k',
  'Å',
  'Å',
  'é',
  'e\u0301',
  'ﬁ',
  'ŉ',
  'ǅ',
  'ᾳ',
  'ΐ',
];
const text = fc.oneof(
  fc.string({ unit: fc.oneof(fc.constantFrom(...tricky), fc.constantFrom(...'aZ.@-')), maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

describe('emailKey (the one form e-mails are stored, found and kept unique by)', () => {
  it.each([
    [
      'final and medial sigma',
      ['ΟΔΥΣΣΕΥΣ@x.gr', 'οδυσσευς@x.gr', 'οδυσσευσ@x.gr', 'ΟδυσσευΣ@X.GR'],
      'οδυσσευσ@x.gr',
    ],
    ['dotted capital I', ['İnci@x.tr', 'i\u0307nci@x.tr', 'İNCI@X.TR'], 'i\u0307nci@x.tr'],
    ['sharp s', ['straße@x.de', 'STRASSE@x.de', 'STRAẞE@x.de', 'Strasse@X.DE'], 'strasse@x.de'],
    ['Kelvin sign', ['\u212a@x.io', 'K@x.io', 'k@x.io'], 'k@x.io'],
    ['composed and decomposed accents', ['Jos\u00e9@x.es', 'Jose\u0301@x.es', 'JOSÉ@X.ES'], 'jos\u00e9@x.es'],
    ['surrounding whitespace', ['  pit@x.io\u00a0', '\tPIT@X.IO'], 'pit@x.io'],
  ])('gives every spelling with %s the same key', (_name, spellings, key) => {
    for (const spelling of spellings) expect(emailKey(spelling), spelling).toBe(key);
  });

  it('keeps accents and the dot of İ; the dotless ı meets i, since both are I in upper case', () => {
    expect(emailKey('josé@x.es')).not.toBe(emailKey('jose@x.es'));
    expect(emailKey('İnci@x.tr')).not.toBe(emailKey('inci@x.tr'));
    expect(emailKey('ınci@x.tr')).toBe(emailKey('INCI@x.tr'));
    expect(emailKey('inci@x.tr')).toBe(emailKey('INCI@x.tr'));
  });

  it('property: a string, its upper case and its lower case have one key', () => {
    fc.assert(
      fc.property(text, (value) => {
        const key = emailKey(value);
        expect(emailKey(value.toUpperCase())).toBe(key);
        expect(emailKey(value.toLowerCase())).toBe(key);
        expect(emailKey(value.normalize('NFD'))).toBe(key);
      }),
      { numRuns: 5_000 },
    );
  });

  it('property: a key is its own key (looking a key up again finds the same account)', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(emailKey(emailKey(value))).toBe(emailKey(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it('every single code point: its upper and lower case have its key', () => {
    const differing: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      // A code point that case and NFC leave alone is its own key, and so are its cases: nothing to check.
      if (char.toUpperCase() === char && char.toLowerCase() === char && char.normalize('NFC') === char)
        continue;
      const key = emailKey(char);
      if (emailKey(char.toUpperCase()) !== key || emailKey(char.toLowerCase()) !== key) differing.push(char);
      if (emailKey(key) !== key) differing.push(char);
    }
    expect(differing).toEqual([]);
  });
});
