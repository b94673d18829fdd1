import { BrowserRouter } from 'react-router';
import { ToastProvider } from '../components/ui/ToastProvider.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { routes } from './router.tsx';

export function App() {
  return (
    <ToastProvider>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </ToastProvider>
  );
}
