import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HSKK_LEVELS,
  SYLLABUSES,
  SYLLABUS_LEVELS,
  levelLabel,
  syllabusOr,
  TODAY_GOAL_KINDS,
  TODAY_GOAL_MAX,
  todaySettingsBodySchema,
} from '@kouyu/core';
import type { TodaySettings } from '@kouyu/core';
import { Modal } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { useSaveTodaySettings } from '../api/save-settings';
import { deviceTimeZone } from '../api/get-today';

const field = 'h-10 w-full rounded-lg border border-line bg-surface-raised px-3 text-base';
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Time zones the browser knows, the current one first when it is missing from the list. */
function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** The plan settings: goal, exam date, time zone, reminder (opt-in e-mail) and levels. */
export function SettingsDialog({ settings, onClose }: { settings: TodaySettings; onClose: () => void }) {
  const { t } = useTranslation(['today', 'common']);
  const save = useSaveTodaySettings();
  const [goalKind, setGoalKind] = useState(settings.goal_kind);
  const [target, setTarget] = useState(String(settings.goal_target));
  const [exam, setExam] = useState(settings.exam_date ?? '');
  const [tz, setTz] = useState(settings.saved ? settings.timezone : deviceTimeZone());
  const [reminder, setReminder] = useState<'off' | 'email'>(settings.reminder === 'email' ? 'email' : 'off');
  const [hour, setHour] = useState(settings.reminder_hour);
  const [hskk, setHskk] = useState(settings.hskk_level);
  const [hsk, setHsk] = useState(settings.hsk_level);
  // A plan answered before the syllabus existed has none: HSK 2.0.
  const [syllabus, setSyllabus] = useState(syllabusOr(settings.syllabus, 'hsk2'));
  const zoneList = useMemo(() => zones(tz), [tz]);

  const body = todaySettingsBodySchema.safeParse({
    goal_kind: goalKind,
    goal_target: Number(target),
    exam_date: exam === '' ? null : exam,
    timezone: tz,
    reminder,
    reminder_hour: hour,
    hskk_level: hskk,
    hsk_level: hsk,
    syllabus,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.success) return;
    save.mutate(body.data, { onSuccess: onClose });
  };

  return (
    <Modal open onClose={onClose} title={t('today.settings.title')} testId="today-settings">
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid grid-cols-2 gap-3">
          <label className="grid gap-1 text-sm font-medium">
            {t('today.settings.goal_kind')}
            <select
              className={field}
              value={goalKind}
              data-testid="today-goal-kind"
              onChange={(e) => setGoalKind(TODAY_GOAL_KINDS.find((k) => k === e.target.value) ?? 'minutes')}
            >
              <option value="minutes">{t('today.settings.minutes')}</option>
              <option value="items">{t('today.settings.items')}</option>
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium">
            {t('today.settings.target')}
            <input
              className={field}
              type="number"
              inputMode="numeric"
              min={1}
              max={TODAY_GOAL_MAX[goalKind]}
              value={target}
              data-testid="today-goal-target"
              onChange={(e) => setTarget(e.target.value)}
            />
          </label>
        </div>
        <label className="grid gap-1 text-sm font-medium">
          {t('today.settings.exam_date')}
          <input
            className={field}
            type="date"
            value={exam}
            data-testid="today-exam-date"
            onChange={(e) => setExam(e.target.value)}
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {t('today.settings.timezone')}
          <select
            className={field}
            value={tz}
            onChange={(e) => setTz(e.target.value)}
            data-testid="today-timezone"
          >
            {zoneList.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="grid gap-1 text-sm font-medium">
            {t('today.settings.reminder')}
            <select
              className={field}
              value={reminder}
              data-testid="today-reminder"
              onChange={(e) => setReminder(e.target.value === 'email' ? 'email' : 'off')}
            >
              <option value="off">{t('today.settings.reminder_off')}</option>
              <option value="email">{t('today.settings.reminder_email')}</option>
            </select>
          </label>
          {reminder === 'email' ? (
            <label className="grid gap-1 text-sm font-medium">
              {t('today.settings.reminder_hour')}
              <select className={field} value={hour} onChange={(e) => setHour(Number(e.target.value))}>
                {HOURS.map((h) => (
                  <option key={h} value={h}>
                    {`${String(h).padStart(2, '0')}:00`}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        {reminder === 'email' ? (
          <p className="text-sm text-ink-muted">{t('today.settings.reminder_note')}</p>
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <label className="grid gap-1 text-sm font-medium">
            {t('today.settings.hskk_level')}
            <select
              className={field}
              value={hskk}
              data-testid="today-hskk-level"
              onChange={(e) => setHskk(HSKK_LEVELS.find((l) => l === e.target.value) ?? 'basic')}
            >
              {HSKK_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {t(`common:levels.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium">
            {t('today.settings.hsk_level')}
            <select
              className={field}
              value={hsk}
              data-testid="today-hsk-level"
              onChange={(e) => setHsk(Number(e.target.value))}
            >
              {SYLLABUS_LEVELS[syllabus].map((l) => (
                <option key={l} value={l}>
                  {`HSK ${levelLabel(syllabus, l)}`}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="grid gap-1 text-sm font-medium">
          {t('today.settings.syllabus')}
          <select
            className={field}
            value={syllabus}
            data-testid="today-syllabus"
            onChange={(e) => {
              const next = SYLLABUSES.find((s) => s === e.target.value) ?? 'hsk3';
              setSyllabus(next);
              // 7-9 is HSK 3.0's only: back to 6 on HSK 2.0.
              if (!SYLLABUS_LEVELS[next].includes(hsk)) setHsk(6);
            }}
          >
            {SYLLABUSES.map((s) => (
              <option key={s} value={s}>
                {t(`common:syllabus.${s}`)}
              </option>
            ))}
          </select>
          <span className="text-xs font-normal text-ink-muted">{t('common:syllabus.hint')}</span>
        </label>
        {save.isError ? (
          <Alert tone="error">{t('today.settings.error', { message: save.error.message })}</Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('today.settings.cancel')}
          </Button>
          <Button type="submit" disabled={!body.success || save.isPending} data-testid="today-settings-save">
            {t('today.settings.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
