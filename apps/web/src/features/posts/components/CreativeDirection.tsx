import { Paper, Spoiler, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { richText } from '../../../lib/rich-text.tsx';

/** The competition's creative direction above the cards, as rich text rebuilt safely. */
export function CreativeDirection({ html }: { html: string | null }) {
  const { t } = useTranslation('posts');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="creative-direction">
      <Title order={2} size="h4" mb="xs" id="creative-direction">
        {t('review.creativeDirection')}
      </Title>
      {html?.trim() ? (
        <Spoiler maxHeight={160} showLabel={t('review.showMore')} hideLabel={t('review.showLess')}>
          <Typography data-testid="creative-direction">{richText(html)}</Typography>
        </Spoiler>
      ) : (
        <Text c="dimmed" size="sm">
          {t('review.noCreativeDirection')}
        </Text>
      )}
    </Paper>
  );
}
