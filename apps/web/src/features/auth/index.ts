// The auth feature's public entry: the login screen, the change-password modal and the password rule
// the lock screen shares. Other features and app/ import the feature only through this file.
export { ChangePasswordModal } from './change-password-modal';
export { LoginPage } from './login-page';
export { validatePassword, type FieldError } from './login-validation';
