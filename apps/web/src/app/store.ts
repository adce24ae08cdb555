// The Redux store: the RTK Query cache plus the few slices of client state.
import {
  combineReducers,
  configureStore,
  type StateFromReducersMapObject,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/base-api';
import { unconfirmedSlice } from '../features/cash';
import { devicesViewSlice } from '../features/devices';
import { liveUpdatesSlice } from '../features/live-updates';
import { tillPlayerSlice } from '../features/players';
import { sessionSlice } from '../features/session';
import { toastsSlice } from '../store/toasts-slice';

const reducers = {
  [baseApi.reducerPath]: baseApi.reducer,
  [toastsSlice.name]: toastsSlice.reducer,
  [sessionSlice.name]: sessionSlice.reducer,
  [devicesViewSlice.name]: devicesViewSlice.reducer,
  [liveUpdatesSlice.name]: liveUpdatesSlice.reducer,
  [unconfirmedSlice.name]: unconfirmedSlice.reducer,
  [tillPlayerSlice.name]: tillPlayerSlice.reducer,
};

export type RootState = StateFromReducersMapObject<typeof reducers>;

/**
 * Combined here, not when the module is evaluated: combineReducers runs every reducer twice to check its
 * shape (building each slice's reducer on the way), a few ms of the app's module evaluation, the start's
 * longest task, under Lighthouse's 4x slowdown; main.tsx makes the store in a task of its own
 * (BENCHMARKS.md, "Web first load").
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: combineReducers(reducers),
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
