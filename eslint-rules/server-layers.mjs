// @ts-check
/**
 * The server's folders in layers, from the bottom up: a file in server/src may import (values
 * or types) from its own folder and from the folders of the layers below its own, never from its
 * layer or above. So the folders cannot import each other in a ring, and the order kernel
 * (orders/) imports no feature. A new folder has to be given a layer here before it can be
 * imported or import anything. Tests (*.test.ts) are outside the rule: a test may reach for
 * whatever it checks. `node scripts/folder-imports.mjs` prints the map these layers hold.
 */
import path from 'node:path';

/** Bottom first. A folder, or a file at the top of server/src without its `.ts`. */
export const SERVER_LAYERS = [
  ['common', 'migrations'],
  ['catalogue', 'config'],
  ['observability', 'jobs'],
  ['abuse', 'media'],
  // The order kernel: the entity, its status table and lifecycle, events, access tokens, the row lock.
  ['orders'],
  ['mail'],
  ['admin'],
  // Tools the features share: the request context and payloads of GraphQL, HTTP helpers.
  ['graphql', 'http'],
  // Discount codes: what an order's price is, less a code; checkout and the admin build on it.
  ['discounts'],
  // The features, each above the ones it builds on.
  ['checkout', 'newsletter', 'contact', 'admin-api'],
  ['admin-orders', 'delivery'],
  // Proofs of the book the parent approves before it is made; the payments beside them.
  ['payments', 'proofs'],
  // Shipping by hand, and the print partner that prints and ships (printing/).
  ['fulfilment', 'shop', 'printing'],
  ['order-page'],
  // Behind the counter: the studio's queue, assignments, notes; it follows the order's history.
  ['studio'],
  // What puts it all together.
  ['composition', 'db'],
  ['api'],
  ['app'],
  ['main', 'scripts'],
];

const layerOf = new Map(SERVER_LAYERS.flatMap((folders, layer) => folders.map((folder) => [folder, layer])));

/** @param {string} file absolute, or relative to the working directory */
function placeOf(file, serverSrc) {
  const relative = path.relative(serverSrc, path.resolve(file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length ? first : first.replace(/\.tsx?$/, '');
}

/** @type {import('eslint').Rule.RuleModule} */
export const serverLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'server/src folders import only from the layers below their own' },
    schema: [],
    messages: {
      upward:
        '{{from}}/ may not import {{to}}/: folders import only from the layers below their own, and {{to}}/ is {{where}} (eslint-rules/server-layers.mjs).',
      unplaced: '{{folder}}/ has no layer yet: give it one in eslint-rules/server-layers.mjs.',
    },
  },
  create(context) {
    const serverSrc = path.join(context.cwd, 'server', 'src');
    const file = context.filename;
    const from = placeOf(file, serverSrc);
    if (from === null || /\.test\.tsx?$/.test(file)) return {};
    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(file), specifier), serverSrc);
      if (to === null || to === from) return;
      const fromLayer = layerOf.get(from);
      const toLayer = layerOf.get(to);
      if (fromLayer === undefined) {
        context.report({ node, messageId: 'unplaced', data: { folder: from } });
        return;
      }
      if (toLayer === undefined) {
        context.report({ node, messageId: 'unplaced', data: { folder: to } });
        return;
      }
      if (toLayer >= fromLayer) {
        const where = toLayer === fromLayer ? 'in the same layer' : 'in a layer above';
        context.report({ node, messageId: 'upward', data: { from, to, where } });
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'server-layers': serverLayersRule } };
