import { Link as RouterLink } from 'react-router-dom';
import { Icon } from './plain/icon';

export function BrandLogo({ to = '/', inverse = false }: { to?: string; inverse?: boolean }) {
  return (
    <RouterLink
      to={to}
      aria-label="LexServe home"
      className={inverse ? 'ls-brand ls-brand--inverse' : 'ls-brand'}
    >
      <Icon name="gavel" />
      <span className="ls-brand__name">
        Lex<span className="ls-brand__serve">Serve</span>
      </span>
    </RouterLink>
  );
}
