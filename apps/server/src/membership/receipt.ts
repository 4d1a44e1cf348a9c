import type { Language } from '@kouyu/core';

interface ReceiptFacts {
  days: number;
  amount: string;
  expires: Date;
  ref: string;
}

const dateIn = (language: Language, d: Date) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(d);

const TEMPLATES: Record<Language, (f: ReceiptFacts, expires: string) => { subject: string; text: string }> = {
  en: (f, expires) => ({
    subject: 'Your Kouyu Plus receipt',
    text: `Thank you for your payment.\n\nKouyu Plus: ${f.days} days\nAmount paid: ${f.amount}\nPlus is active until ${expires} (UTC).\nReference: ${f.ref}\n\nKeep this e-mail as your receipt.`,
  }),
  zh: (f, expires) => ({
    subject: 'Kouyu Plus 付款收据',
    text: `感谢你的付款。\n\nKouyu Plus：${f.days} 天\n支付金额：${f.amount}\nPlus 有效期至 ${expires}（UTC）。\n参考号：${f.ref}\n\n请保留这封邮件作为收据。`,
  }),
  ru: (f, expires) => ({
    subject: 'Квитанция об оплате Kouyu Plus',
    text: `Спасибо за оплату.\n\nKouyu Plus: ${f.days} дн.\nОплачено: ${f.amount}\nPlus действует до ${expires} (UTC).\nНомер: ${f.ref}\n\nСохраните это письмо как квитанцию.`,
  }),
};

/** The receipt of a Plus payment in the user's language. */
export function renderReceipt(
  language: Language,
  facts: { days: number; amount: number; currency: string; expires: Date; ref: string },
): { subject: string; text: string } {
  const amount = new Intl.NumberFormat(language, { style: 'currency', currency: facts.currency }).format(
    facts.amount,
  );
  return TEMPLATES[language]({ ...facts, amount }, dateIn(language, facts.expires));
}
