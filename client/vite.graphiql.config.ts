import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * GraphiQL at /graphiql, a bundle of its own (dist-graphiql/) so its editor never reaches the
 * storefront's bundle. The server serves it outside production (or with API_EXPLORER=true).
 */
export default defineConfig({
  root: fileURLToPath(new URL('./graphiql', import.meta.url)),
  base: '/graphiql/',
  plugins: [react()],
  // Monaco's language workers are ES modules.
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist-graphiql', import.meta.url)),
    emptyOutDir: true,
    // Monaco is large by nature; this bundle only ever loads on a developer's machine.
    chunkSizeWarningLimit: 6000,
    rollupOptions: {
      onwarn(warning, warn) {
        // GraphiQL's React-compiler directives ("use no memo") mean nothing once bundled.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
