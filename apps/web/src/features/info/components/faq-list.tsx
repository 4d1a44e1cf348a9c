import { Accordion } from 'radix-ui';
import { useTranslation } from 'react-i18next';

/** The five FAQ items; the first is open, each toggles. */
export function FaqList() {
  const { t } = useTranslation('content');
  const raw = t('faq.items', { returnObjects: true });
  const items = Array.isArray(raw) ? raw : [];
  return (
    <Accordion.Root
      type="multiple"
      defaultValue={['0']}
      className="divide-y divide-line rounded-xl border border-line"
      data-testid="faq-list"
    >
      {items.map((item, i) => (
        <Accordion.Item key={i} value={String(i)}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-3 text-left font-medium focus-visible:outline-2 focus-visible:outline-brand">
              {String(item.q)}
              <span
                aria-hidden="true"
                className="text-ink-muted transition-transform group-data-[state=open]:rotate-45"
              >
                +
              </span>
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4 text-ink-muted">{String(item.a)}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
