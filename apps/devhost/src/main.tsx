import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { readDevhostConfig } from './config.ts';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App config={readDevhostConfig()} />
  </StrictMode>,
);
