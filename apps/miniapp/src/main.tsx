import { StrictMode } from 'react';
import { App } from './app/App.tsx';
import { createAppRoot } from './app/root.ts';
import './styles.css';

createAppRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
