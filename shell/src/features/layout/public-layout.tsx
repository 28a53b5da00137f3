import type { ReactNode } from 'react';
import { SkipLink } from './skip-link';
import './app-layout.css';

export type PublicLayoutProps = {
  /** Right side of the header: the update button and build badge. */
  headerActions?: ReactNode;
  children: ReactNode;
};

/** The frame of the public pages: the same sticky header, without navigation. */
export function PublicLayout({ headerActions, children }: PublicLayoutProps) {
  return (
    <div className="app-layout">
      <SkipLink />
      <header className="app-header app-header--public">
        <span className="app-header__brand">PitClock</span>
        <div className="app-header__actions">{headerActions}</div>
      </header>
      {children}
    </div>
  );
}
