import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../contract/auth.ts';
import { TextField } from '../../../components/ui/TextField.tsx';

interface NewPasswordFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
}

/** A password being chosen (sign-up, reset), with the rules as its hint and the browser's length checks. */
export function NewPasswordField({ label, value, onChange }: NewPasswordFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={label}
      hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
      type="password"
      name="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
