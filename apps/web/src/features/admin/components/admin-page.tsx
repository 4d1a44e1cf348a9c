import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { cn } from '@/components/ui/cn';
import { LocalNavLink, useLocalPath } from '@/components/ui/local-link';
import { useIsAdmin } from '../hooks/use-is-admin';
import { AdminsOnly } from './admins-only';
import { ContactsPanel } from './contacts/contacts-panel';
import { OutboxPanel } from './outbox/outbox-panel';
import { CampusPanel } from './campus/campus-panel';
import { CodesPanel } from './plus/codes-panel';
import { PaymentsPanel } from './plus/payments-panel';
import { Overview } from './overview';
import { UserPage } from './users/user-page';
import { UsersPanel } from './users/users-panel';

const TABS = [
  { to: '/admin', key: 'overview', end: true },
  { to: '/admin/contacts', key: 'contacts', end: false },
  { to: '/admin/users', key: 'users', end: false },
  { to: '/admin/outbox', key: 'outbox', end: false },
  { to: '/admin/campus-card', key: 'campus', end: false },
  { to: '/admin/payments', key: 'payments', end: false },
  { to: '/admin/codes', key: 'codes', end: false },
] as const;

function UserRoute() {
  const local = useLocalPath();
  const id = Number(useParams()['id']);
  return Number.isSafeInteger(id) && id > 0 ? (
    <UserPage id={id} />
  ) : (
    <Navigate to={local('/admin/users')} replace />
  );
}

/**
 * `/{lang}/admin/*` (spec 000 §6): for admins only (RequireAuth sends guests to sign in first). The
 * sections are sub-routes so each has its own address: overview, messages, users, a user, outbox.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const isAdmin = useIsAdmin();
  const local = useLocalPath();

  if (!isAdmin) return <AdminsOnly />;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:py-8" data-testid="admin-page">
      <h1 className="text-2xl font-semibold sm:text-3xl">{t('title')}</h1>
      <nav aria-label={t('tabs.label')} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 border-b border-line">
          {TABS.map((tab) => (
            <li key={tab.key}>
              <LocalNavLink
                to={tab.to}
                end={tab.end}
                data-testid={`admin-tab-${tab.key}`}
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                    'focus-visible:outline-2 focus-visible:outline-brand',
                    isActive ? 'border-brand text-brand' : 'border-transparent text-ink-muted hover:text-ink',
                  )
                }
              >
                {t(`tabs.${tab.key}`)}
              </LocalNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Overview />} />
        <Route path="contacts" element={<ContactsPanel />} />
        <Route path="users" element={<UsersPanel />} />
        <Route path="users/:id" element={<UserRoute />} />
        <Route path="outbox" element={<OutboxPanel />} />
        <Route path="campus-card" element={<CampusPanel />} />
        <Route path="payments" element={<PaymentsPanel />} />
        <Route path="codes" element={<CodesPanel />} />
        <Route path="*" element={<Navigate to={local('/admin')} replace />} />
      </Routes>
    </div>
  );
}
