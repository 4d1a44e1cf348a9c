import type { Language } from '@kouyu/core';
import { CODE_TTL_S } from '@kouyu/core';

export type MailKind = 'verify' | 'reset';

const minutes = CODE_TTL_S / 60;

const TEMPLATES: Record<Language, Record<MailKind, { subject: string; body: (code: string) => string }>> = {
  en: {
    verify: {
      subject: 'Your Kouyu verification code',
      body: (code) =>
        `Welcome to Kouyu!\n\nYour verification code is ${code}.\nIt expires in ${minutes} minutes.\n\nIf you did not create an account, you can ignore this e-mail.`,
    },
    reset: {
      subject: 'Reset your Kouyu password',
      body: (code) =>
        `Someone asked to reset the password of your Kouyu account.\n\nYour code is ${code}.\nIt expires in ${minutes} minutes.\n\nIf it was not you, ignore this e-mail: your password stays the same.`,
    },
  },
  zh: {
    verify: {
      subject: 'Kouyu 验证码',
      body: (code) =>
        `欢迎使用 Kouyu！\n\n你的验证码是 ${code}，${minutes} 分钟内有效。\n\n如果你没有注册账号，请忽略这封邮件。`,
    },
    reset: {
      subject: '重置 Kouyu 密码',
      body: (code) =>
        `有人申请重置你的 Kouyu 账号密码。\n\n你的验证码是 ${code}，${minutes} 分钟内有效。\n\n如果不是你本人操作，请忽略这封邮件，你的密码不会改变。`,
    },
  },
  ru: {
    verify: {
      subject: 'Код подтверждения Kouyu',
      body: (code) =>
        `Добро пожаловать в Kouyu!\n\nВаш код подтверждения: ${code}.\nОн действует ${minutes} минут.\n\nЕсли вы не создавали аккаунт, просто проигнорируйте это письмо.`,
    },
    reset: {
      subject: 'Сброс пароля Kouyu',
      body: (code) =>
        `Кто-то запросил сброс пароля вашего аккаунта Kouyu.\n\nВаш код: ${code}.\nОн действует ${minutes} минут.\n\nЕсли это были не вы, проигнорируйте письмо: пароль останется прежним.`,
    },
  },
};

/** Subject and text of an account mail in the user's language. */
export function renderMail(
  kind: MailKind,
  language: Language,
  code: string,
): { subject: string; text: string } {
  const t = TEMPLATES[language][kind];
  return { subject: t.subject, text: t.body(code) };
}

const NOTICES: Record<Language, { subject: string; body: (fails: number) => string }> = {
  en: {
    subject: 'Failed sign-ins to your Kouyu account',
    body: (fails) =>
      `Someone tried to sign in to your Kouyu account with a wrong password ${fails} times.\n\nIf it was you, wait a moment and try again, or reset your password: a reset also lifts every sign-in delay at once.\nIf it was not you, your account is safe as long as your password is not guessable; you may change it to be sure.`,
  },
  zh: {
    subject: '你的 Kouyu 账号有多次登录失败',
    body: (fails) =>
      `有人用错误的密码尝试登录你的 Kouyu 账号 ${fails} 次。\n\n如果是你本人，请稍等片刻再试，或者重置密码：重置后所有登录等待会立即解除。\n如果不是你本人，只要密码不易被猜到，你的账号就是安全的；为保险起见，你也可以修改密码。`,
  },
  ru: {
    subject: 'Неудачные попытки входа в ваш аккаунт Kouyu',
    body: (fails) =>
      `Кто-то ${fails} раз пытался войти в ваш аккаунт Kouyu с неверным паролем.\n\nЕсли это были вы, подождите немного и попробуйте снова или сбросьте пароль: сброс сразу снимает все задержки входа.\nЕсли это были не вы, аккаунт в безопасности, пока пароль нельзя угадать; для надёжности его можно сменить.`,
  },
};

/** The notice to an account's owner that its password is being guessed (decision 012). */
export function renderLoginNotice(language: Language, fails: number): { subject: string; text: string } {
  const t = NOTICES[language];
  return { subject: t.subject, text: t.body(fails) };
}
