import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two bundles from one build: the admin SPA (index.html, served under /admin-panel) and the
// landing page (landing/index.html, served at /). Assets live under /assets for both.
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { admin: 'index.html', landing: 'landing/index.html' },
      // One vendor chunk: lazy chunks then never import each other's copies of a library.
      output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] } },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
});
