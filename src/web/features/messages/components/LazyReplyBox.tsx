import { lazy, Suspense } from 'react';
import type { ReplyBoxProps } from './ReplyBox.tsx';

/** The reply box loads the first time someone replies, so the dashboard's first load stays small (decision 179). */
const ReplyBox = lazy(() => import('./ReplyBox.tsx').then((module) => ({ default: module.ReplyBox })));

export function LazyReplyBox(props: ReplyBoxProps) {
  return (
    <Suspense fallback={null}>
      <ReplyBox {...props} />
    </Suspense>
  );
}
