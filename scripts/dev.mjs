// npm run dev: the API on :4000 restarted on change (SWC keeps decorator metadata), and Vite
// on :5173 with hot reload, proxying /graphql and /media to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', '-r', '@swc-node/register', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: 'server/tsconfig.json' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'client', '--', '--host', '127.0.0.1'], { stdio: 'inherit' }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) process.exitCode = code;
    stop();
  });
