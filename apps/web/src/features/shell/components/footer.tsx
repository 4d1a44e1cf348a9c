import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '@/components/ui/local-link';
import { Button } from '@/components/ui/button';
import { useModals } from '@/lib/modals';

/** Footer: tagline, quick links, a contact box that opens the feedback form, WeChat, copyright. */
export function Footer() {
  const { t } = useTranslation();
  const { open } = useModals();
  const [message, setMessage] = useState('');
  const [error, setError] = useState(false);
  const links = [
    { to: '/about', label: t('footer.about') },
    { to: '/privacy', label: t('footer.privacy') },
    { to: '/faq', label: t('footer.faq') },
    { to: '/help', label: t('footer.help') },
  ];
  return (
    <footer className="mt-16 border-t border-line bg-surface-sunken/60" data-testid="footer">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="text-lg font-semibold">Kouyu 口语</p>
          <p className="mt-2 text-sm text-ink-muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.quickLinks')}>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-ink-muted">
            {t('footer.quickLinks')}
          </h2>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {links.map((l) => (
              <li key={l.to}>
                <LocalLink to={l.to} className="hover:text-brand hover:underline">
                  {l.label}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-ink-muted">
            {t('footer.contact')}
          </h2>
          <form
            noValidate
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (message.trim() === '') {
                setError(true);
                return;
              }
              setError(false);
              open('feedback', { message: message.trim() });
              setMessage('');
            }}
          >
            <label htmlFor="footer-contact" className="sr-only">
              {t('footer.contactLabel')}
            </label>
            <input
              id="footer-contact"
              required
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              aria-invalid={error}
              aria-describedby={error ? 'footer-contact-error' : undefined}
              placeholder={t('footer.contactPlaceholder')}
              className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-surface-raised px-3 text-sm focus:border-brand focus:outline-none"
            />
            <Button type="submit">{t('footer.send')}</Button>
          </form>
          {error ? (
            <p id="footer-contact-error" role="alert" className="mt-2 text-sm text-danger">
              {t('validation.message_required')}
            </p>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="mt-3"
            onClick={() => open('wechat')}
            data-testid="footer-wechat"
          >
            {t('footer.wechat')}
          </Button>
        </div>
      </div>
      <p className="border-t border-line py-4 text-center text-xs text-ink-muted">
        © {new Date().getFullYear()} Kouyu. {t('footer.rights')}
      </p>
    </footer>
  );
}
