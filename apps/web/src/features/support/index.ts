// The support widget's public entry.
import type { ComponentProps } from 'react';
import { deferredPart } from '../../components/ui/deferred-part';
import type { SupportWidget as SupportWidgetNow } from './support-widget';

/**
 * The support widget, a chunk of its own: it shows nothing before the client config has
 * answered, so its code comes beside that answer instead of in the devices screen's first load.
 */
export const SupportWidget = /* @__PURE__ */ deferredPart<ComponentProps<typeof SupportWidgetNow>>(() =>
  import('./support-widget').then((module) => module.SupportWidget),
);
