import { Anchor, Stack, Text } from '@mantine/core';
import { finish } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { type RowOf, useServerTable } from '../../../components/table/use-server-table.ts';
import { formatDay } from '../../../lib/format.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { finishKeys } from '../api/finish.ts';
import { StepBadge } from './StepBadge.tsx';

type Choice = RowOf<typeof finish.competitions>;

/**
 * Without a competition: the competitions the wizard can finish, searched and paged on the
 * server, newest end first. Choosing one opens its wizard (?id=).
 */
export function CompetitionChooser({ onChoose }: { onChoose: (id: string) => void }) {
  const { t } = useTranslation('finish');
  const timeZone = useBusinessTimeZone();
  const table = useServerTable({
    key: finishKeys.competitions,
    endpoint: finish.competitions,
    // The address holds only the chosen competition: the chooser's search stays on screen.
    inUrl: false,
    pageSizes: [10, 25, 100],
  });
  const columns: Column<Choice>[] = [
    {
      key: 'name',
      title: t('chooser.competition'),
      text: (c) => `${c.name} — ${c.organizer}`,
      cell: (c) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          // Its name holds what it shows (name — organizer), after what it does.
          aria-label={t('chooser.open', { name: `${c.name} — ${c.organizer}` })}
          onClick={() => onChoose(c.id)}
        >
          {c.name} — {c.organizer}
        </Anchor>
      ),
    },
    { key: 'endDate', title: t('chooser.endDate'), text: (c) => formatDay(c.endDate, timeZone) },
    {
      key: 'step',
      title: t('chooser.step'),
      text: (c) => t(`steps.${c.step}`),
      cell: (c) => <StepBadge step={c.step} />,
    },
  ];
  return (
    <Stack>
      <PageHeader title={t('title')} />
      <Text c="dimmed">{t('chooser.intro')}</Text>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('chooser.search'), width: 320 }}
        emptyText={t('chooser.empty')}
        noMatchText={(search) => t('chooser.noMatch', { search })}
      />
    </Stack>
  );
}
