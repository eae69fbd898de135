/**
 * Lints `code` as if it were the file at `file` (relative to the repository), with the repo's own
 * ESLint config, and returns what the rule `ruleId` reports. Only that rule runs, and the file is
 * parsed without type information: the rules asked about here read the syntax and the imports, and
 * building the TypeScript program for the type-aware rules took most of a minute of CI.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '..', '..');

export async function lintMessages(code: string, file: string, ruleId: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId: id }) => id === ruleId,
    overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}
