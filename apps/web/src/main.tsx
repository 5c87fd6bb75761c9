import './lib/zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { languageReady } from './lib/i18n/index.ts';

// The user's language is loaded first, so the first screen is never drawn in English.
void languageReady.then(() => createRoot(document.getElementById('root')!).render(<App />));
