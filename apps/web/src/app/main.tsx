import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import { AppRouter } from './AppRouter';
import { Providers } from './providers';
import { router } from './router';
import { UiSettingsGate } from './UiSettingsGate';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <UiSettingsGate>
        <AppRouter router={router} />
      </UiSettingsGate>
    </Providers>
  </StrictMode>,
);
