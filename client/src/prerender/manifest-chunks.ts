/**
 * Which built files a set of modules loads, read from Vite's manifest (`dist/.vite/manifest.json`):
 * each module's chunk and every chunk it imports, less what the app's entry loads already.
 */

/** Vite's manifest: for each module (its source path), the file it became and the modules it imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** `keys` with every module they import, directly or not. A key the build has no chunk for fails. */
function closure(manifest: ViteManifest, keys: readonly string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    if (!manifest[key]) throw new Error(`client-route-chunks.ts names ${key}: no chunk of this build`);
    into.add(key);
    closure(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

/**
 * For `manifest`'s build: the files (`/assets/…`) of some modules and of what they import, less
 * those the entry loads (worked out once).
 */
export function chunksBeyondEntry(manifest: ViteManifest): (modules: readonly string[]) => string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const inEntry = closure(manifest, entry ? [entry] : []);
  return (modules) => [...closure(manifest, modules)].filter((key) => !inEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
}
