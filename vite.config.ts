// The browser build. Translation files are served at assets/i18n/{lang}.json as spec §7 lists them
// (merged from src/i18n/<lang>/*.json), with a content version in the URL so they can be cached.
import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { readCatalog } from './src/i18n/node/readCatalog.ts';

const LANGUAGES = ['es', 'en', 'fr'];

function translations(): Plugin {
  const read = (lang: string) => JSON.stringify(readCatalog(lang));
  const version = () => createHash('sha256').update(LANGUAGES.map(read).join('\n')).digest('hex').slice(0, 10);
  return {
    name: 'condo-translations',
    config: () => ({ define: { __I18N_VERSION__: JSON.stringify(version()) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = req.url?.match(/^\/assets\/i18n\/(es|en|fr)\.json/);
        if (!match?.[1]) return next();
        res.setHeader('content-type', 'application/json');
        res.end(read(match[1]));
      });
    },
    generateBundle() {
      for (const lang of LANGUAGES) {
        this.emitFile({ type: 'asset', fileName: `assets/i18n/${lang}.json`, source: read(lang) });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), translations()],
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
});
