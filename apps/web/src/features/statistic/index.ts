// The statistic feature's public entry: the Statistic modal, a chunk of its own (statistic-modal.tsx)
// fetched when the cashier first opens it; render it inside a Suspense boundary.
import { lazy } from 'react';

export const StatisticModal = lazy(() =>
  import('./statistic-modal').then((module) => ({ default: module.StatisticModal })),
);
