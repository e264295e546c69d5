import type { CSSProperties } from 'react';
import { iconPaths } from './icon-paths';

export type IconName = keyof typeof iconPaths;

type Look = { size?: number; className?: string; style?: CSSProperties };

/** A 24 × 24 icon drawn from its paths, hidden from screen readers (the control around it carries the name). */
export function SvgPaths({ paths, size, className, style }: Look & { paths: string | readonly string[] }) {
  return (
    <svg
      className={className ? `ls-icon ${className}` : 'ls-icon'}
      style={size ? { fontSize: size, ...style } : style}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {(typeof paths === 'string' ? [paths] : paths).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** A Material icon as inline SVG (the public pages' set). */
export function Icon({ name, ...look }: Look & { name: IconName }) {
  return <SvgPaths paths={iconPaths[name]} {...look} />;
}
