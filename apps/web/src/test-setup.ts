// Unit tests render pages straight away, without the router's lazy loading that fetches their texts:
// load every English namespace first, as a page chunk would (decision 017).
import { loadAllTexts } from '@/lib/i18n';

await loadAllTexts();
