import { Alert, Table } from '@mantine/core';
import type { Competition } from '@preffy/api';
import { useTranslation } from 'react-i18next';

/** What the organizer asked for when they reserved the date on the calendar (read only). */
export function ReservationDetails({
  reservation: r,
}: {
  reservation: NonNullable<Competition['reservation']>;
}) {
  const { t } = useTranslation('competitions');
  const yes = (b: boolean) => (b ? t('common.yes') : t('common.no'));
  return (
    <Alert color="blue" title={t('reservation.title')} data-testid="reservation-details">
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>{t('fields.territories')}</Table.Th>
            <Table.Td>{r.isGlobal ? t('fields.isGlobal') : r.territories}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('fields.creativeDirection')}</Table.Th>
            <Table.Td>
              {yes(r.creativeDirection)}
              {r.creativeDirectionRequired ? ` (${t('fields.creativeDirectionRequired')})` : ''}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('fields.languageRequirement')}</Table.Th>
            <Table.Td>{r.languageRequirement ? r.language : yes(false)}</Table.Td>
          </Table.Tr>
          {r.notes && (
            <Table.Tr>
              <Table.Th>{t('fields.notes')}</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{r.notes}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
