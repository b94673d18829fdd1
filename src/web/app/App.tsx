import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ToastProvider } from '../components/ui/ToastProvider.tsx';

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>
  );
}
