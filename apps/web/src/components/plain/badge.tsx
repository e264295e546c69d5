import { AppIcon, type AppIconName } from './app-icon';

/** An icon with a count in a gold dot at its top right (MUI's Badge look), capped as "99+" above `max`. */
export function IconBadge({ icon, count, max }: { icon: AppIconName; count: number; max: number }) {
  return (
    <span className="ls-badge">
      <AppIcon name={icon} />
      {count > 0 ? <span className="ls-badge__count">{count > max ? `${max}+` : count}</span> : null}
    </span>
  );
}
