import { lazy } from 'react';

// Parts of the inbox that its first look does not show load the first time they are shown, so the dashboard's
// first load carries only the list (docs/decisions/179). Each is rendered inside a Suspense boundary of its own.

export const AddEventDialog = lazy(() =>
  import('./GoogleActionDialogs.tsx').then((module) => ({ default: module.AddEventDialog })),
);
export const AddTaskDialog = lazy(() =>
  import('./GoogleActionDialogs.tsx').then((module) => ({ default: module.AddTaskDialog })),
);
export const AwaitingView = lazy(() =>
  import('./AwaitingView.tsx').then((module) => ({ default: module.AwaitingView })),
);
export const SnoozedView = lazy(() =>
  import('./SnoozedView.tsx').then((module) => ({ default: module.SnoozedView })),
);
export const ViewNameDialog = lazy(() =>
  import('./ViewNameDialog.tsx').then((module) => ({ default: module.ViewNameDialog })),
);
