// Actions that cross features: a 401 anywhere ends the session everywhere.
import { createAction } from '@reduxjs/toolkit';

export const sessionExpired = createAction<{ url: string }>('session/expired');
