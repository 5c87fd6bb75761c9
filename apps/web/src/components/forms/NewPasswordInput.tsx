import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n/index.ts';

/**
 * A box for a new password: the browser offers to generate and store one (new-password), and the
 * hint states the server's minimum length from the contract, so no screen writes its own number.
 */
export function NewPasswordInput(props: PasswordInputProps & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      description={t('newPasswordHint', { count: MIN_PASSWORD_LENGTH })}
      autoComplete="new-password"
      required
      {...props}
    />
  );
}

/** The form rule that goes with it: the same minimum, said in the user's language. */
export function checkNewPassword(value: string) {
  return value.length >= MIN_PASSWORD_LENGTH
    ? null
    : i18n.t('newPasswordTooShort', { count: MIN_PASSWORD_LENGTH });
}
