/**
 * The runtime the project pins: every npm script (npm start, npm test, CI) runs on the Node of
 * the `node` devDependency, whatever the machine's own Node is, and that Node meets `engines`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8'));

describe('the runtime', () => {
  it("is the Node the project pins, not the machine's", () => {
    const pinned = /^\^?(\d+)\./.exec(manifest.devDependencies.node)![1];
    expect(process.versions.node.split('.')[0]).toBe(pinned);
  });

  it('meets the engines floor that current OpenTelemetry and the other dependencies need', () => {
    const [major, minor] = process.versions.node.split('.').map(Number);
    const [floorMajor, floorMinor] = /^>=(\d+)\.(\d+)$/.exec(manifest.engines.node)!.slice(1).map(Number);
    expect(floorMajor).toBeGreaterThanOrEqual(22);
    expect(major > floorMajor || (major === floorMajor && minor >= floorMinor)).toBe(true);
  });
});
