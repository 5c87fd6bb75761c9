import { List, Text } from '@mantine/core';
import type { StoredPostFlag } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { flagMessage } from '../flag-messages.ts';
import { EarlierEntryLink } from './EarlierEntryLink.tsx';

/**
 * A post's flags as sentences, each in the colour its weight calls for. A Possible Duplicate
 * also links to the earlier entry it repeats, on the posts page (removed entries are in its
 * Inactive tab), found by its link.
 */
export function FlagList({
  flags,
  colorOf,
  label,
  testId,
}: {
  flags: readonly StoredPostFlag[];
  colorOf: (flag: StoredPostFlag) => string;
  label?: string;
  testId: string;
}) {
  const { t } = useTranslation('posts');
  const format = { t, language: currentLanguage(), timeZone: useBusinessTimeZone() };
  return (
    <List size="sm" spacing={2} aria-label={label} data-testid={testId}>
      {flags.map((flag, i) => {
        // A duplicate or a repost points at the entry it repeats.
        const earlierLink =
          flag.code === 'possibleDuplicate' || flag.code === 'possibleRepost'
            ? flag.values?.earlierLink
            : undefined;
        return (
          <List.Item key={`${flag.code}-${i}`}>
            <Text size="sm" c={colorOf(flag)} fw={500}>
              {flagMessage(flag, format)}
            </Text>
            {typeof earlierLink === 'string' && (
              <EarlierEntryLink link={earlierLink} removed={Boolean(flag.values.earlierRemoved)} size="xs">
                {t('flags.possibleDuplicate.openEarlier')}
              </EarlierEntryLink>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
