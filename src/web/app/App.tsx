import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '../components/ui/ToastProvider.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>
  );
}
