import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the set-password page', () => {
  it('welcomes an invited user, whose link says so', async () => {
    window.history.replaceState(null, '', '/reset-password?welcome#token=abc');
    renderPage('/reset-password', ResetPasswordPage);
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Preffy Admin, set your password' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Set my password' })).toBeDefined();
  });

  it('asks for a new password after a reset', async () => {
    window.history.replaceState(null, '', '/reset-password#token=abc');
    renderPage('/reset-password', ResetPasswordPage);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Save the password' })).toBeDefined();
  });
});
