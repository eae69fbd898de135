// What the storefront's first load costs: the JavaScript and CSS index.html pulls in (the entry
// and everything it imports statically), raw and gzipped, and the lazy chunks it does not load.
// Run after `npm run build`:  node bench/bundle-size.mjs
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'client', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);

// Follow static imports (import ... from "./x.js") from the entry; dynamic import() stays lazy.
const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  if (!file.endsWith('.js')) return;
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    visit(path.posix.join('assets', m[1]));
  }
};
referenced.forEach(visit);

const size = (file) => {
  const data = readFileSync(path.join(dist, file));
  return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const rows = [...initial].map(size);
const lazy = readdirSync(path.join(dist, 'assets'))
  .map((f) => `assets/${f}`)
  .filter((f) => f.endsWith('.js') && !initial.has(f))
  .map(size);

console.log('First load of the storefront (index.html and its static imports):');
for (const r of rows) console.log(`  ${r.file.padEnd(44)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
const js = rows.filter((r) => r.file.endsWith('.js'));
console.log(`  JavaScript total: ${kb(js.reduce((a, r) => a + r.raw, 0))}, gzip ${kb(js.reduce((a, r) => a + r.gzip, 0))}`);
console.log('Loaded later, on demand:');
for (const r of lazy) console.log(`  ${r.file.padEnd(44)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
