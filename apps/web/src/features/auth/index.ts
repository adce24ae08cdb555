// The auth feature's public entry: the login screen, the change-password modal and the password rule
// the lock screen shares. Other features and app/ import the feature only through this file.
import type { ComponentProps } from 'react';
import { deferredPart } from '../../components/ui/deferred-part';
import type { ChangePasswordModal as ChangePasswordModalNow } from './change-password-modal';

/** The change-password modal, a chunk of its own, out of the first loads; preloaded at idle. */
export const ChangePasswordModal = /* @__PURE__ */ deferredPart<
  ComponentProps<typeof ChangePasswordModalNow>
>(() => import('./change-password-modal').then((module) => module.ChangePasswordModal));
export { LoginPage } from './login-page';
export { validatePassword, type FieldError } from './login-validation';
