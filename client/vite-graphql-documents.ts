/**
 * Each `graphql(`…`)` call in the client's code becomes an import of that one document, as the
 * codegen client preset's Babel plugin does, but from a module of its own holding the document
 * client/src/gql/graphql.ts has for it. Left as a call, `graphql()` looks its document up in
 * gql.ts's map of every operation in the app, admin's included, and a bundle keeps a module
 * whole, so every page that queried anything loaded them all (10.5 KB gzipped on the order form).
 * Tests and the type check still see the call; both give the same document.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClientSideBaseVisitor } from '@graphql-codegen/visitor-plugin-common';
import type * as GraphQL from 'graphql';
import type { Plugin } from 'vite';

// The graphql that codegen's visitor loads (Node resolves its CommonJS build). Imported here, the
// bundled config would take its ES module build, a second graphql, whose schema the visitor
// refuses outside production ("Cannot use GraphQLScalarType … from another module or realm"):
// `npm run dev` would not start.
const { buildSchema, parse } = createRequire(import.meta.url)('graphql') as typeof GraphQL;

const GQL_DIR = fileURLToPath(new URL('./src/gql', import.meta.url));
const DOCUMENTS = path.join(GQL_DIR, 'graphql.ts');
// A template literal with no ${} in it: GraphQL's own $variables are fine.
const CALL = /\bgraphql\(\s*`((?:[^`$]|\$(?!\{))*)`\s*\)/g;
const IMPORT = /^import \{ graphql \} from '(?:\.\.?\/)+(?:\.\.\/)*gql';\n/m;
/** One generated document a line: `export const NameDocument = {…} as unknown as DocumentNode<…>;`. */
const GENERATED = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm;
const PREFIX = 'virtual:graphql-document/';

export function graphqlDocuments(): Plugin {
  // The preset's own naming (OrderFormCatalogueDocument, OrderRowFragmentDoc), as its Babel plugin uses it.
  const visitor = new ClientSideBaseVisitor(buildSchema('type Query { _: Int }'), [], {}, {});
  let documents: Map<string, string>;
  return {
    name: 'storybook:graphql-documents',
    enforce: 'pre',
    buildStart() {
      const source = readFileSync(DOCUMENTS, 'utf8');
      documents = new Map([...source.matchAll(GENERATED)].map((match) => [match[1], match[2]]));
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const document = documents.get(id.slice(PREFIX.length + 1));
      return document === undefined ? null : `export default ${document};\n`;
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!/\.tsx?$/.test(file) || file.startsWith(GQL_DIR) || !code.includes('graphql(`')) return null;
      const names = new Set<string>();
      let replaced = code.replace(CALL, (call, text: string) => {
        const [definition] = parse(text).definitions;
        if ((definition?.kind !== 'OperationDefinition' && definition?.kind !== 'FragmentDefinition') || !definition.name) {
          this.error(`${file}: a graphql() document must start with a named operation or fragment`);
        }
        const name =
          definition.kind === 'OperationDefinition'
            ? visitor.getOperationVariableName(definition)
            : visitor.getFragmentVariableName(definition);
        if (!documents.has(name)) this.error(`${file}: ${name} is not in client/src/gql/graphql.ts: run npm run generate`);
        names.add(name);
        // The call's line breaks stay, so the lines after it keep their numbers.
        return name + '\n'.repeat(call.split('\n').length - 1);
      });
      if (names.size === 0) return null;
      // The map's import goes once nothing calls it any more.
      if (!/\bgraphql\(/.test(replaced.replace(IMPORT, ''))) replaced = replaced.replace(IMPORT, '\n');
      // At the end, where it moves no line; imports are hoisted wherever they are written.
      const imports = [...names].sort().map((name) => `import ${name} from '${PREFIX}${name}';`);
      return { code: `${replaced}\n${imports.join('\n')}\n`, map: null };
    },
  };
}
