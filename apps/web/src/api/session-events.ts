// Actions that cross features: a 401 anywhere ends the session everywhere, and so does a 403 `user
// blocked` (the user was blocked while signed in: `blocked` says so, and the screen tells them).
import { createAction } from '@reduxjs/toolkit';

export const sessionExpired = createAction<{ url: string; blocked?: true }>('session/expired');
