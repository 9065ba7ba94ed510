// use-sync-external-store's shim (MIT, React) is for Reacts before 18: on React 19 it hands every call to React's
// own useSyncExternalStore, but its fallback still came with wouter and @xstate/react into every first load.
// vite.config.ts points the shim here in the build.
export { useSyncExternalStore } from 'react';
