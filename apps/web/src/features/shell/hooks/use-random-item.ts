import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One random entry of a translated list, fixed for the life of the component (index kept across language switches). */
export function useRandomItem(key: 'tips' | 'phrases'): string {
  const { t } = useTranslation('content');
  const list = t(key, { returnObjects: true });
  const items = Array.isArray(list) ? list.map(String) : [];
  const [index] = useState(() => Math.floor(Math.random() * Math.max(1, items.length)));
  return items[index] ?? '';
}
