/** The form an e-mail is compared in: trimmed, lower case (addresses are unique regardless of case). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
