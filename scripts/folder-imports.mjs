// The server's folders and the imports between them: which folder imports which (runtime imports
// apart from type-only ones), the pairs that import each other, and the cycles. The numbers the
// layering is measured by; `npm run lint` enforces the layers themselves (eslint.config.mjs).
//
//   node scripts/folder-imports.mjs            # the map, the pairs and the cycles
//   node scripts/folder-imports.mjs --types    # type-only imports counted too
//   node scripts/folder-imports.mjs --json
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'server', 'src');
const withTypes = process.argv.includes('--types');
const asJson = process.argv.includes('--json');

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [full] : [];
  });
}

/** The folder a file belongs to: its first folder under server/src, or its own name at the top. */
function folderOf(file) {
  const [first, ...rest] = path.relative(src, file).split(path.sep);
  return rest.length ? first : first.replace(/\.ts$/, '');
}

/** import/export ... from '...' statements, with whether each is for types only. */
function importsOf(text) {
  const found = [];
  const statement = /^\s*(import|export)\s+([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(statement)) {
    const [, , clause, specifier] = match;
    let typeOnly = /^type\s/.test(clause);
    const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
    if (!typeOnly && braces) {
      const names = braces[1]
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      typeOnly = names.length > 0 && names.every((name) => name.startsWith('type '));
    }
    found.push({ specifier, typeOnly });
  }
  for (const match of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push({ specifier: match[1], typeOnly: false });
  return found;
}

const edges = new Map(); // from -> Map(to -> [files])
for (const file of sources(src)) {
  const from = folderOf(file);
  for (const { specifier, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
    if (!specifier.startsWith('.') || (typeOnly && !withTypes)) continue;
    const target = path.resolve(path.dirname(file), specifier);
    if (!target.startsWith(src)) continue;
    const to = folderOf(target.endsWith('.ts') ? target : `${target}.ts`);
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    if (!targets.has(to)) targets.set(to, []);
    targets.get(to).push(path.relative(root, file));
  }
}

const folders = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((t) => [...t.keys()])])].sort();
const pairs = [];
for (const a of folders) {
  for (const b of folders) if (a < b && edges.get(a)?.has(b) && edges.get(b)?.has(a)) pairs.push([a, b]);
}

// Tarjan's strongly connected components: every component of more than one folder is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function connect(v) {
  state.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!state.has(w)) {
      connect(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  }
}
folders.forEach((folder) => state.has(folder) || connect(folder));

if (asJson) {
  const map = Object.fromEntries(folders.map((f) => [f, [...(edges.get(f)?.keys() ?? [])].sort()]));
  console.log(JSON.stringify({ imports: map, pairs, cycles }, null, 2));
} else {
  console.log(`Folders of server/src and what they import (${withTypes ? 'type-only imports too' : 'runtime imports'}):`);
  for (const folder of folders)
    console.log(`  ${folder} -> ${[...(edges.get(folder)?.keys() ?? [])].sort().join(', ') || '(nothing)'}`);
  console.log(`\n${pairs.length} pairs of folders that import each other${pairs.length ? ':' : '.'}`);
  for (const [a, b] of pairs) console.log(`  ${a} <-> ${b}   (${edges.get(a).get(b)[0]} / ${edges.get(b).get(a)[0]})`);
  console.log(`${cycles.length} cycles${cycles.length ? ':' : '.'}`);
  for (const cycle of cycles) console.log(`  ${cycle.length} folders: ${cycle.join(', ')}`);
}
