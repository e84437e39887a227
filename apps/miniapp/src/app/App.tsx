import { createBrowserRouter, RouterProvider } from 'react-router';
import { FrameProvider } from '../features/frame/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { HomeScreen } from './HomeScreen.tsx';

const router = createBrowserRouter([{ path: '/', element: <HomeScreen /> }]);

export function App() {
  return (
    <ErrorBoundary>
      <FrameProvider>
        <RouterProvider router={router} />
      </FrameProvider>
    </ErrorBoundary>
  );
}
