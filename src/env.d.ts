/// <reference types="vite/client" />

/** Content version of the translation files, set by vite.config.ts. */
declare const __I18N_VERSION__: string;
