import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { requestSessionEarly } from './lib/session';
import './styles.css';

requestSessionEarly();

const root = document.getElementById('root');
// As a transition, React draws the first screen in slices that yield to the browser between
// them, instead of one long task (Lighthouse's total blocking time; decision 037). The screen is
// already painted from the HTML on the first screens, so nothing waits on it.
if (root)
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
