import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '@pitclock/contracts';
import { CloseIcon, getTabbable, IconButton, MenuIcon } from '@pitclock/design-system';
import { useIsAdmin } from '../../lib/admin-status';
import { useApi } from '../../lib/api-context';
import { MAIN_CONTENT_ID } from '../../lib/main-content';
import { NavLinks } from './nav-links';
import { SkipLink } from './skip-link';
import './app-layout.css';

export type AppLayoutProps = {
  /** Right side of the header: the update button and build badge. */
  headerActions?: ReactNode;
  /** Under the header: the licence banner. */
  banner?: ReactNode;
  children: ReactNode;
};

/** The frame of every signed-in route: sticky header, navigation, licence banner slot, content. */
export function AppLayout({ headerActions, banner, children }: AppLayoutProps) {
  const isAdmin = useIsAdmin();
  const client = useApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLElement>(null);

  // Navigating closes the mobile menu.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // Set by a close that returns the focus to the menu button (not by a navigation, which moves on).
  const returnFocus = useRef(false);

  const closeMenu = () => {
    returnFocus.current = true;
    setMenuOpen(false);
  };

  // While the menu is open it holds the focus: Tab and Shift+Tab cycle through it, focus that lands
  // elsewhere comes back, and Escape closes it and returns to the menu button.
  useEffect(() => {
    const panel = menuPanel.current;
    const button = menuButton.current;
    if (!menuOpen || !panel) return;
    panel.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeMenu();
        return;
      }
      if (event.key !== 'Tab') return;
      const tabbable = getTabbable(panel);
      const first = tabbable[0];
      const last = tabbable[tabbable.length - 1];
      if (!first || !last) return;
      const inside = document.activeElement instanceof Node && panel.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !panel.contains(event.target)) {
        getTabbable(panel)[0]?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      // Once the trap is gone: focus moved earlier would be pulled back into the closing menu.
      if (returnFocus.current) button?.focus();
      returnFocus.current = false;
    };
  }, [menuOpen]);

  // The tokens are cleared at once (the guards then leave the signed-in routes); the revoke on the
  // server finishes in the background.
  const logout = () => {
    void signOut({ client });
    void navigate('/', { replace: true });
  };

  return (
    <div className="app-layout">
      <SkipLink />
      <header className="app-header">
        <IconButton
          ref={menuButton}
          className="app-header__menu-button"
          label={menuOpen ? 'Close menu' : 'Open menu'}
          icon={menuOpen ? <CloseIcon /> : <MenuIcon />}
          aria-expanded={menuOpen}
          aria-controls="app-mobile-menu"
          onClick={() => (menuOpen ? closeMenu() : setMenuOpen(true))}
        />
        <span className="app-header__brand">PitClock</span>
        <div className="app-header__actions">{headerActions}</div>
      </header>
      {banner}
      {menuOpen ? (
        <>
          <div className="app-mobile-menu__backdrop" aria-hidden="true" onClick={closeMenu} />
          <nav id="app-mobile-menu" ref={menuPanel} className="app-nav app-mobile-menu" aria-label="Main">
            <div className="app-mobile-menu__top">
              <span className="app-header__brand">PitClock</span>
              <IconButton label="Close menu" icon={<CloseIcon />} onClick={closeMenu} />
            </div>
            <NavLinks isAdmin={isAdmin} onLogout={logout} />
          </nav>
        </>
      ) : null}
      <div className="app-layout__body">
        <nav className="app-nav app-sidebar" aria-label="Main">
          <NavLinks isAdmin={isAdmin} onLogout={logout} />
        </nav>
        <main id={MAIN_CONTENT_ID} className="app-layout__content">
          {children}
        </main>
      </div>
    </div>
  );
}
