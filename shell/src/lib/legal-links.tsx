import { Link } from 'react-router-dom';

/** Terms and Privacy, readable without an account (the cook-app's screens, public in the shell). */
export const LEGAL_LINKS = [
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

export type LegalLinkProps = {
  to: (typeof LEGAL_LINKS)[number]['to'];
  label: string;
  className?: string;
  /** In a new tab (from a half-filled form, which would be lost), said to screen readers too. */
  newTab?: boolean;
};

export function LegalLink({ to, label, className, newTab = false }: LegalLinkProps) {
  if (!newTab) {
    return (
      <Link to={to} className={className}>
        {label}
      </Link>
    );
  }
  return (
    <Link to={to} className={className} target="_blank" rel="noopener">
      {label} <span className="pc-visually-hidden">(opens in a new tab)</span>
    </Link>
  );
}
