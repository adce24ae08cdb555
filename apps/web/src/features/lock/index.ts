// The till lock's public entry: the gate around the signed-in frame and the Lock button.
export { LockButton } from './lock-button';
export { TillLockGate } from './till-lock-gate';
export { useLockStateQuery } from './api/lock-api';
