import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The rule "public pages plain, signed-in pages MUI" (docs/architecture.md, Web app): what a public page loads before
// interaction (the entry and the page's own chunk, i.e. everything they import statically) holds no MUI and no
// Emotion. Overlays that a public page opens later (the phone menu's drawer, the toast) are dynamic imports and may
// be MUI. A signed-in page may use either; it draws its screens with MUI.
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The entry and each public page of the router (the children of the first PublicLayout in app/router.tsx). */
const PUBLIC_MODULES = [
  'main.tsx',
  'app/routes/home.tsx',
  'app/routes/about.tsx',
  'app/routes/login.tsx',
  'app/routes/signup.tsx',
  'app/routes/forgot-password.tsx',
  'app/routes/reset-password.tsx',
  'app/routes/public-plans.tsx',
  'features/verification/components/verify-page.tsx',
  'features/delivery/components/delivery-page.tsx',
];

// Static imports and re-exports only: `import x from '…'`, `import '…'`, `export … from '…'` (not `import('…')`).
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s/;

const resolveLocal = (from: string, spec: string) => {
  const base = resolve(dirname(from), spec);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => existsSync(f));
};

/** Every package a module reaches through static imports of the app's own files, with one path to it. */
const staticPackages = (entry: string) => {
  const seen = new Set<string>();
  const packages = new Map<string, string[]>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      if (TYPE_ONLY.test(match[0])) continue;
      const spec = match[1]!;
      const here = [...trail, relative(SRC, file)];
      if (spec.startsWith('.')) {
        const target = resolveLocal(file, spec);
        if (target && /\.tsx?$/.test(target)) walk(target, here);
      } else if (!packages.has(spec)) packages.set(spec, here);
    }
  };
  walk(join(SRC, entry), []);
  return packages;
};

describe('public pages are plain (no MUI before interaction)', () => {
  it('lists the public pages the router has', () => {
    const router = readFileSync(join(SRC, 'app/router.tsx'), 'utf8');
    for (const module of PUBLIC_MODULES.slice(1)) {
      const spec = module.startsWith('app/')
        ? `./${module.slice('app/'.length).replace(/\.tsx$/, '')}`
        : `../${module.replace(/\.tsx$/, '')}`;
      expect(router, `app/router.tsx imports ${spec}`).toContain(`import('${spec}')`);
    }
  });

  it.each(PUBLIC_MODULES)('%s loads no @mui or @emotion module statically', (module) => {
    const offending = [...staticPackages(module)]
      .filter(([spec]) => /^@(?:mui|emotion)\//.test(spec))
      .map(([spec, trail]) => `${spec} via ${trail.join(' → ')}`);
    expect(offending).toEqual([]);
  });

  it('finds MUI where a signed-in screen uses it (the check can fail)', () => {
    const packages = staticPackages('features/documents/components/new-matters-tab.tsx');
    expect([...packages.keys()].some((spec) => spec.startsWith('@mui/material'))).toBe(true);
  });
});
