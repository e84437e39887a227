import { StrictMode, startTransition } from 'react';
import { App } from './app/App.tsx';
import { createAppRoot, hydrateAppRoot } from './app/root.ts';
import './styles.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page served with its screen's prerendered shell (docs/decisions/react-over-preact.md) is taken over as it
// is; any other page is rendered from scratch. Either way in a transition, which React splits into
// short tasks: the shell stays on screen meanwhile and the page keeps answering input.
startTransition(() => {
  if (container.firstElementChild) hydrateAppRoot(container, app);
  else createAppRoot(container).render(app);
});
