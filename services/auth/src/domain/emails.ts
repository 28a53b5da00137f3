/**
 * One code point's case-insensitive form: its upper case in lower case, repeated until it stays (the
 * capital sharp s is 'ẞ' in upper case, 'ß' in lower case, and 'ß' is 'SS'). Full mappings, so 'ß', 'ẞ'
 * and 'SS' meet at 'ss', and 'Σ', 'σ' and 'ς' at 'σ'. Done per code point, because
 * String.prototype.toLowerCase on a whole string picks 'ς' or 'σ' by the letters around a 'Σ'.
 */
export const foldCase = (char: string): string => {
  let folded = char;
  for (;;) {
    const next = Array.from(folded, (one) => one.toUpperCase().toLowerCase()).join('');
    if (next === folded) return folded;
    folded = next;
  }
};

/**
 * The one form an e-mail is stored under (users.email_key), looked up by and kept unique by: trimmed,
 * NFC (so 'é' typed as e + U+0301 is 'é', the Kelvin sign is 'K'), each code point case-folded, NFC
 * again. Computed here only, never by PostgreSQL, whose lower() maps case otherwise (and by locale).
 * The migration 0002_email_key.sql computes the same for the rows that existed before.
 */
export const emailKey = (email: string): string =>
  Array.from(email.trim().normalize('NFC'), foldCase).join('').normalize('NFC');
