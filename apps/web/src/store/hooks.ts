// Typed hooks: the only way components reach the store. The store's types come from its composition in
// app/store.ts as types only (erased at build), so no module of the shared floor runs app/ code.
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, AppThunk, RootState } from '../app/store';

export type { AppDispatch, AppThunk, RootState };

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
