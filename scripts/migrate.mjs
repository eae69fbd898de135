// npm run migrate: builds the server when its compiler is installed (a development clone), then
// runs the compiled migrations. The production image has them compiled and no compiler.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let canBuild = true;
try {
  require.resolve('typescript');
} catch {
  canBuild = false;
}
if (canBuild) {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { status } = spawnSync(process.execPath, ['server/dist/scripts/migrate.js'], { stdio: 'inherit' });
process.exit(status ?? 1);
