// One-way seams in apps/api/src (see docs/architecture.md): lib is the ground floor; a module reaches another
// module only through that module's service (`*.service.ts`) and only where the module graph allows it.
import { dirname, relative, resolve, sep } from 'node:path';

/** Which modules each module may use (through their services). Keep in step with docs/architecture.md. */
const MODULE_GRAPH = {
  admin: ['subscriptions', 'payments', 'firms', 'users'],
  payments: ['subscriptions', 'firms'],
  subscriptions: [],
  closures: ['documents', 'notifications'],
  verification: ['documents', 'evidence', 'seal'],
  service: ['documents', 'evidence', 'trail', 'parties', 'users'],
  evidence: ['documents', 'trail', 'parties', 'seal'],
  documents: ['trail', 'parties', 'seal'],
  trail: [],
  parties: [],
  notifications: [],
  auth: ['users', 'firms'],
  users: ['firms'],
  firms: [],
  seal: [],
  deadlines: ['documents'],
};

/** The layers below each area: an area may import itself and these. */
const LAYERS = {
  config: [],
  db: ['config'],
  lib: ['config', 'db'],
  plugins: ['config', 'db', 'lib'],
  modules: ['config', 'db', 'lib', 'plugins'],
};

const srcRoot = (file) => {
  const i = file.lastIndexOf(`${sep}apps${sep}api${sep}src${sep}`);
  return i < 0 ? undefined : file.slice(0, i + `${sep}apps${sep}api${sep}src`.length);
};

/** 'lib' | 'db' | … | 'modules/<name>' | 'top' (app.ts, main.ts, server.ts, seed.ts, modules/index.ts). */
function areaOf(root, file) {
  const parts = relative(root, file).split(sep);
  if (parts.length === 1) return { area: 'top' };
  if (parts[0] === 'modules') {
    if (parts.length === 2) return { area: 'top' };
    return { area: 'modules', module: parts[1], file: parts.slice(2).join('/') };
  }
  return { area: parts[0] };
}

const isTest = (file) => /\.test\.ts$|[\\/]test-helper|\.test-helper\.ts$/.test(file);

export default {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [], messages: { denied: '{{reason}}' } },
      create(context) {
        const file = context.filename;
        const root = srcRoot(file);
        if (!root || isTest(file)) return {};
        const from = areaOf(root, file);
        if (from.area === 'top') return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = resolve(dirname(file), spec);
          if (!target.startsWith(root + sep)) return;
          const to = areaOf(root, target);
          const deny = (reason) =>
            context.report({ node: node.source, messageId: 'denied', data: { reason } });
          if (to.area === 'top')
            return deny(`${spec}: only the composition root (app.ts, modules/index.ts) may import it`);
          if (from.area === 'modules' && to.area === 'modules') {
            if (from.module === to.module) return;
            if (!(MODULE_GRAPH[from.module] ?? []).includes(to.module))
              return deny(
                `modules/${from.module} may not use modules/${to.module} (see MODULE_GRAPH in eslint/api-boundaries.js)`,
              );
            if (!/\.service$/.test(to.file.replace(/\.ts$/, '')))
              return deny(
                `modules/${from.module} uses modules/${to.module} only through its service, not ${to.file}`,
              );
            return;
          }
          if (from.area === to.area) return;
          const below = LAYERS[from.area] ?? [];
          if (!below.includes(to.area))
            deny(
              `${from.area}/ may not import ${to.area}${to.module ? `/${to.module}` : ''}/ (layers: ${Object.keys(LAYERS).join(' < ')})`,
            );
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: (n) => check({ source: n.source }),
        };
      },
    },
  },
};
