import { Badge, Group, Text } from '@mantine/core';
import type { ReviewPost } from '@preffy/api';
import { useTranslation } from 'react-i18next';

/**
 * A post's risk score with what makes it up, spelled out beside it (issue 42): never a bare
 * number. The flags themselves, with their numbers, are listed under it on the card.
 */
export function RiskBadge({ risk }: { risk: ReviewPost['risk'] }) {
  const { t } = useTranslation('posts');
  const color = risk.score >= 60 ? 'red' : risk.score >= 30 ? 'orange' : 'yellow';
  return (
    <Group gap="xs" wrap="wrap" data-testid="card-risk">
      <Badge color={color} variant="light">
        {t('risk.score', { score: risk.score })}
      </Badge>
      <Text size="xs" c="dimmed">
        {risk.parts
          .map((part) => t('risk.part', { signal: t(`flags.${part.code}.title`), weight: part.weight }))
          .join(' + ')}
      </Text>
    </Group>
  );
}
