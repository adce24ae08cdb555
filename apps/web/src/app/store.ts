// The Redux store: the RTK Query cache plus the few slices of client state.
import { combineReducers, configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/base-api';
import { unconfirmedSlice } from '../features/cash';
import { devicesViewSlice } from '../features/devices';
import { liveUpdatesSlice } from '../features/live-updates';
import { sessionSlice } from '../features/session';
import { toastsSlice } from '../store/toasts-slice';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [toastsSlice.name]: toastsSlice.reducer,
  [sessionSlice.name]: sessionSlice.reducer,
  [devicesViewSlice.name]: devicesViewSlice.reducer,
  [liveUpdatesSlice.name]: liveUpdatesSlice.reducer,
  [unconfirmedSlice.name]: unconfirmedSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
/** A thunk of the app: async work that dispatches and reads the state (e.g. features/cash/unconfirmed). */
export type AppThunk<R> = ThunkAction<R, RootState, unknown, UnknownAction>;
