import { NavLink } from 'react-router-dom';
import { adminNavItems, mainNavItems, type NavItem } from './nav-items';

function LinkList({ items }: { items: readonly NavItem[] }) {
  return (
    <ul className="app-nav__list">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className="app-nav__link">
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export type NavLinksProps = { isAdmin: boolean; onLogout: () => void };

/** The navigation of the signed-in layout; the Admin group only for admins. */
export function NavLinks({ isAdmin, onLogout }: NavLinksProps) {
  return (
    <>
      <LinkList items={mainNavItems} />
      {isAdmin ? (
        <div className="app-nav__group" role="group" aria-label="Admin">
          <h2 className="app-nav__group-title">Admin</h2>
          <LinkList items={adminNavItems} />
        </div>
      ) : null}
      <button type="button" className="app-nav__link app-nav__logout" onClick={onLogout}>
        Log out
      </button>
    </>
  );
}
