import type { CSSProperties } from 'react';
import { iconPaths } from './icon-paths';

export type IconName = keyof typeof iconPaths;

/** A Material icon as inline SVG, hidden from screen readers (the control around it carries the name). */
export function Icon({
  name,
  size,
  className,
  style,
}: {
  name: IconName;
  size?: number;
  className?: string;
  style?: CSSProperties;
}) {
  const paths: readonly string[] =
    typeof iconPaths[name] === 'string'
      ? [iconPaths[name] as string]
      : (iconPaths[name] as readonly string[]);
  return (
    <svg
      className={className ? `ls-icon ${className}` : 'ls-icon'}
      style={size ? { fontSize: size, ...style } : style}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
