// The float feature's public entry: the venue's float (query, polling, visibility), its block flags and
// the banner and display that show them.
export { accountBlock, type AccountBlock } from './account-block';
export { BlockBanner } from './block-banner';
export { floatApi, floatVisibility, useFloatQuery, usePolledFloat, type FloatView } from './float-api';
export { FloatDisplay } from './float-display';
export { reloadPage, useReloadOnBlockChange } from './use-reload-on-block-change';
