import { NavLink } from 'react-router-dom';
import type { NavItem } from './nav-items';

/** A link of the navigation bar: white on navy, the current page underlined in gold (app-layout.css). */
export function BarLink({ item }: { item: NavItem }) {
  return (
    <NavLink to={item.to} className="ls-btn ls-btn--text ls-barlink">
      {item.label}
    </NavLink>
  );
}
