import type { CSSProperties } from 'react';
import { appIconPaths } from './app-icon-paths';
import { SvgPaths } from './icon';

export type AppIconName = keyof typeof appIconPaths;

/** A Material icon as inline SVG, of the signed-in app's set (the bar, its menus, the tabs). */
export function AppIcon({
  name,
  ...look
}: {
  name: AppIconName;
  size?: number;
  className?: string;
  style?: CSSProperties;
}) {
  return <SvgPaths paths={appIconPaths[name]} {...look} />;
}
