import { useId } from 'react';
import { useI18n } from './i18n';

export interface StepperProps {
  label: string;
  hint?: string;
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
}

/** A count changed by one with big − and + buttons: no keyboard to open at the door. */
export function Stepper({ label, hint, value, min = 0, max, onChange }: StepperProps) {
  const { t, count } = useI18n();
  const id = useId();
  return (
    <div className="stepper" role="group" aria-labelledby={id}>
      <div>
        <span id={id} className="stepper-label">
          {label}
        </span>
        {hint && <span className="muted stepper-hint">{hint}</span>}
      </div>
      <div className="stepper-controls">
        <button
          type="button"
          className="button"
          aria-label={t('door.less', { name: label })}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output className="stepper-value" aria-live="polite">
          {count(value)}
        </output>
        <button
          type="button"
          className="button"
          aria-label={t('door.more', { name: label })}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
