import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

function Landing() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-semibold">Kaleido</h1>
      <p className="mt-2 text-slate-600">
        Multi-channel personality analysis platform with specialized interfaces for users,
        professionals, and researchers
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Landing />
    </StrictMode>,
  );
