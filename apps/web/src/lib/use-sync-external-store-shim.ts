// Stands in for the `use-sync-external-store/shim` package (vite.config.ts): react-i18next imports its
// `useSyncExternalStore`, a copy for React 17 and older that on React 18 and later hands over to React's
// own. React 19 has it, so the build takes React's directly and leaves the copy out of the first load.
export { useSyncExternalStore } from 'react';
