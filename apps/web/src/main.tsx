import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles.css';
import { i18n } from './lib/i18n';
import { loadCjkFontIfMissing } from './lib/cjk-font';
import { ModalProvider } from './lib/modals';
import { QueryHost } from './lib/query';
import { AppRoutes } from './app/router';

void loadCjkFontIfMissing();

// A Chinese or Russian page waits for its texts (a small chunk) rather than flashing English first.
const lang = window.location.pathname.split('/')[1];
const texts = lang === 'zh' || lang === 'ru' ? i18n.changeLanguage(lang) : Promise.resolve();

const root = document.getElementById('root');
if (root) {
  const mount = root;
  // Rendered as a transition: React then yields to the browser every few milliseconds instead of
  // building the whole page in one long task, while the first-paint markup stays on screen until the
  // app's first commit replaces it (Lighthouse's TBT; a phone that answers a tap at once). It starts a
  // task after this one, which already ran the app's code (React, the texts): not one long task with it.
  void texts.finally(() =>
    setTimeout(() =>
      startTransition(() =>
        createRoot(mount).render(
          <StrictMode>
            {/* The query client arrives with the first page, modal or menu that fetches (decision 017). */}
            <QueryHost>
              <BrowserRouter>
                <ModalProvider>
                  <AppRoutes />
                </ModalProvider>
              </BrowserRouter>
            </QueryHost>
          </StrictMode>,
        ),
      ),
    ),
  );
}
