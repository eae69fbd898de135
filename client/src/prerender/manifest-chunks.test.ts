import { chunksBeyondEntry, type ViteManifest } from './manifest-chunks';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_jsx-runtime.js'] },
  '_jsx-runtime.js': { file: 'assets/jsx-runtime-b.js' },
  'src/apollo-provider.tsx': { file: 'assets/apollo-provider-c.js', imports: ['_jsx-runtime.js', '_xhr.js'] },
  '_xhr.js': { file: 'assets/xhr-d.js', imports: ['src/apollo-provider.tsx'] },
};

describe("a module's files in the build", () => {
  it('are its chunk and those it imports, directly or not, less what the entry loads', () => {
    expect(chunksBeyondEntry(manifest)(['src/apollo-provider.tsx'])).toEqual([
      '/assets/apollo-provider-c.js',
      '/assets/xhr-d.js',
    ]);
  });

  it('name a module the build has no chunk for', () => {
    expect(() => chunksBeyondEntry(manifest)(['src/gone.tsx'])).toThrow('src/gone.tsx: no chunk of this build');
  });
});
