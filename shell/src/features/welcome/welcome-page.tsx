import { Link } from 'react-router-dom';
import { LEGAL_LINKS, LegalLink } from '../../lib/legal-links';
import { MAIN_CONTENT_ID } from '../../lib/main-content';
import { PitClockLogo } from './pitclock-logo';
import './welcome-page.css';

const stages = [
  { title: 'Build steps', text: 'Turn your cook into templates of timed steps for each meat category.' },
  {
    title: 'Manage your cooks',
    text: 'Attach templates to a cook-off and run the schedule on the day, with alerts when a step is due.',
  },
  {
    title: 'Review and adjust',
    text: 'Move turn-in times, add the walk to the judges’ tent, and the whole schedule follows.',
  },
];

const bullets = [
  'The app will adjust for different turn-in times',
  'Works anywhere without WiFi',
  'Manage all your categories including jackpots',
];

/** The public welcome page at '/' (SPEC.md section 2). */
export function WelcomePage() {
  return (
    <main id={MAIN_CONTENT_ID} className="welcome">
      <header className="welcome__hero">
        <PitClockLogo className="welcome__logo" />
        <h1 className="welcome__title">PitClock</h1>
        <p className="welcome__tagline">The cook-off clock for competition barbecue teams.</p>
      </header>

      <ol className="welcome__stages" aria-label="How it works">
        {stages.map((stage, index) => (
          <li key={stage.title} className="welcome__stage">
            <span className="welcome__stage-number" aria-hidden="true">
              {index + 1}
            </span>
            <h2 className="welcome__stage-title">{stage.title}</h2>
            <p className="welcome__stage-text">{stage.text}</p>
          </li>
        ))}
      </ol>

      <ul className="welcome__bullets">
        {bullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>

      <div className="welcome__actions">
        <Link to="/signup" className="pc-button pc-button--primary pc-button--lg pc-button--full">
          <span className="pc-button__label">Create Account</span>
        </Link>
        <Link to="/login" className="pc-button pc-button--secondary pc-button--lg pc-button--full">
          <span className="pc-button__label">Sign In</span>
        </Link>
      </div>

      <ul className="welcome__legal" aria-label="Legal">
        {LEGAL_LINKS.map((link) => (
          <li key={link.to}>
            <LegalLink {...link} className="welcome__legal-link" />
          </li>
        ))}
      </ul>
    </main>
  );
}
