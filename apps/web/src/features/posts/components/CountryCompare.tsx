import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/index.ts';

const same = (a: string | null, b: string | null) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** A stored country as people read it: a region code by its name, anything else as written. */
function countryName(value: string, language: string) {
  const code = value.trim();
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The provider's country beside the one stored on the post: green when they are the same, red
 * when both are known and differ, grey when either is unknown (a new post before its first
 * refresh, a provider that names none): unknown is not a mismatch. With neither known (a YouTube
 * channel that names no country, say) the Invalid Country check had nothing to judge, and the
 * card says so rather than passing the post silently. The card does not know the competition's
 * limits, so it says so whether or not the competition limits countries.
 */
export function CountryCompare({ provider, stored }: { provider: string | null; stored: string | null }) {
  const { t } = useTranslation('posts');
  const language = currentLanguage();
  const name = (v: string | null) => (v?.trim() ? countryName(v, language) : t('country.unknown'));
  const known = !!provider?.trim() && !!stored?.trim();
  const match = same(provider, stored);
  const tone = !known ? 'gray' : match ? 'green' : 'red';
  return (
    <Paper
      bg={`${tone}.1`}
      px="xs"
      py={4}
      radius="sm"
      data-testid="country-compare"
      data-match={known ? match : 'unknown'}
    >
      {!provider?.trim() && !stored?.trim() ? (
        <Text size="sm" fw={600} c="gray.9" data-testid="country-uncheckable">
          {t('country.uncheckable')}
        </Text>
      ) : (
        <Text size="sm" fw={600} c={`${tone}.9`}>
          {!known
            ? t('country.partlyUnknown', { provider: name(provider), stored: name(stored) })
            : match
              ? t('country.match', { country: name(stored) })
              : t('country.mismatch', { provider: name(provider), stored: name(stored) })}
        </Text>
      )}
    </Paper>
  );
}
