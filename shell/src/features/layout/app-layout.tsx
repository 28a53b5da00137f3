import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '@pitclock/contracts';
import { CloseIcon, IconButton, MenuIcon } from '@pitclock/design-system';
import { useIsAdmin } from '../../lib/admin-status';
import { useApi } from '../../lib/api-context';
import { NavLinks } from './nav-links';
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

  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  useEffect(() => {
    if (!menuOpen) return;
    menuPanel.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // The tokens are cleared at once (the guards then leave the signed-in routes); the revoke on the
  // server finishes in the background.
  const logout = () => {
    void signOut({ client });
    void navigate('/', { replace: true });
  };

  return (
    <div className="app-layout">
      <header className="app-header">
        <IconButton
          ref={menuButton}
          className="app-header__menu-button"
          label={menuOpen ? 'Close menu' : 'Open menu'}
          icon={menuOpen ? <CloseIcon /> : <MenuIcon />}
          aria-expanded={menuOpen}
          aria-controls="app-mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
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
        <main className="app-layout__content">{children}</main>
      </div>
    </div>
  );
}
