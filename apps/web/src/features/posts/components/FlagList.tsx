import { Anchor, List, Text } from '@mantine/core';
import type { StoredPostFlag } from '@preffy/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { flagMessage } from '../flag-messages.ts';

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
        const earlierLink = flag.code === 'possibleDuplicate' ? flag.values?.earlierLink : undefined;
        return (
          <List.Item key={`${flag.code}-${i}`}>
            <Text size="sm" c={colorOf(flag)} fw={500}>
              {flagMessage(flag, format)}
            </Text>
            {typeof earlierLink === 'string' && (
              <Anchor
                size="xs"
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/preffy/posts"
                    search={{ tab: flag.values.earlierRemoved ? 'inactive' : 'active', search: earlierLink }}
                  />
                )}
              >
                {t('flags.possibleDuplicate.openEarlier')}
              </Anchor>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
