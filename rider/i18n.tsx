import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { riderTranslator, type RiderLanguage, type RiderTranslator } from '@shared/riderMessages';
import { INDIA_TIME_ZONE } from '@shared/time';

export interface RiderI18n extends RiderTranslator {
  /** A time of day in India, as the rider reads it: 10:45 am. */
  time(iso: string): string;
  /** A day as the rider reads it: Sunday, 29 November. */
  day(isoDay: string): string;
  setLanguage(language: RiderLanguage): void;
}

const I18nContext = createContext<RiderI18n | null>(null);

export function I18nProvider(props: {
  language: RiderLanguage;
  setLanguage: (language: RiderLanguage) => void;
  children: ReactNode;
}) {
  const { language, setLanguage } = props;
  const value = useMemo<RiderI18n>(() => {
    const locale = language === 'hi' ? 'hi-IN' : 'en-IN';
    const timeFormat = new Intl.DateTimeFormat(locale, {
      timeZone: INDIA_TIME_ZONE,
      hour: 'numeric',
      minute: '2-digit',
    });
    const dayFormat = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    });
    return {
      ...riderTranslator(language),
      time: (iso) => timeFormat.format(new Date(iso)),
      day: (isoDay) => dayFormat.format(new Date(`${isoDay}T00:00:00Z`)),
      setLanguage,
    };
  }, [language, setLanguage]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): RiderI18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** Hindi and English, side by side: the rider taps the one to read. */
export function LanguageSwitch() {
  const { t, language, setLanguage } = useI18n();
  return (
    <div className="language" role="group" aria-label={t('language.label')}>
      {(['hi', 'en'] as const).map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={language === option}
          onClick={() => setLanguage(option)}
        >
          {t(`language.${option}`)}
        </button>
      ))}
    </div>
  );
}
