import { Fragment, useId, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { session } from '@pitclock/contracts';
import { Button } from '@pitclock/design-system';
import { displayLocale } from '../../domain';
import { getSupportEmail, mailtoHref } from '../../lib/app-config';
import { useLocale } from '../../lib/display-prefs';
import { EMAIL_PLACEHOLDER, LEGAL_TEXT, type LegalBlock, type LegalSection } from './messages';
import '../../lib/screen.css';
import './legal.css';

/**
 * Where Back goes when the page was opened directly (no earlier page of the app in the history):
 * Settings, or the welcome page for a visitor reading before signing up.
 */
export const BACK_FALLBACK = '/settings';
export const VISITOR_BACK_FALLBACK = '/';

export type LegalPageClock = {
  /** Clock of the 'Last updated' date (default Date.now). */
  now?: () => number;
  /** Zone of that date (default the device's). */
  timeZone?: string;
};

/** 'June 1, 2026' (en-US; '1 June 2026' in en-GB): the date of `epochMs` in `timeZone`, in `locale`. */
export function formatLegalDate(epochMs: number, timeZone?: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(displayLocale(locale), {
    dateStyle: 'long',
    ...(timeZone ? { timeZone } : {}),
  }).format(epochMs);
}

/** `text` with each {email} as a mailto link to `email`. */
function withEmail(text: string, email: string): ReactNode {
  const parts = text.split(EMAIL_PLACEHOLDER);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? <a href={mailtoHref(email)}>{email}</a> : null}
    </Fragment>
  ));
}

function Block({ block, email }: { block: LegalBlock; email: string }) {
  if (typeof block === 'string') return <p>{withEmail(block, email)}</p>;
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{withEmail(item, email)}</li>
      ))}
    </ul>
  );
}

function BackArrow() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M19 12H5" />
      <path d="M12 19l-7-7 7-7" />
    </svg>
  );
}

/**
 * Back (SPEC.md section 2: Privacy and Terms have a back button): the previous page when the app
 * opened this one, else Settings (a link followed from outside, a reload).
 */
export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first entry of its history the key 'default'.
  const hasHistory = location.key !== 'default';
  return (
    <Button
      variant="ghost"
      icon={<BackArrow />}
      onClick={() => {
        const fallback = session.getToken() === null ? VISITOR_BACK_FALLBACK : BACK_FALLBACK;
        void (hasHistory ? navigate(-1) : navigate(fallback, { replace: true }));
      }}
    >
      {LEGAL_TEXT.back}
    </Button>
  );
}

export type LegalPageProps = LegalPageClock & {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
  /** Numbered headings ('1. Agreement to terms'). */
  numbered?: boolean;
};

/** A legal text: Back, the title, 'Last updated' (today), the sections with their own headings. */
export function LegalPage({
  title,
  intro,
  sections,
  numbered = false,
  now = Date.now,
  timeZone,
}: LegalPageProps) {
  const id = useId();
  const email = getSupportEmail();
  const locale = useLocale();
  return (
    <article className="pc-screen pc-legal" aria-labelledby={`${id}-title`}>
      <div className="pc-legal__back">
        <BackButton />
      </div>
      <header className="pc-legal__header">
        <h1 id={`${id}-title`} className="pc-screen__title">
          {title}
        </h1>
        <p className="pc-legal__updated">
          {LEGAL_TEXT.lastUpdated(formatLegalDate(now(), timeZone, locale))}
        </p>
      </header>
      <p className="pc-legal__intro">{intro}</p>
      {sections.map((section, index) => (
        <section key={section.id} className="pc-legal__section" aria-labelledby={`${id}-${section.id}`}>
          <h2 id={`${id}-${section.id}`} className="pc-legal__heading">
            {numbered ? `${index + 1}. ${section.title}` : section.title}
          </h2>
          {section.blocks.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} email={email} />
          ))}
        </section>
      ))}
    </article>
  );
}
